import type { FastifyBaseLogger } from 'fastify';
import { type AppConfig, ConfigError } from '../../config/env';

export interface SmsMessage {
  mobile: string;
  text: string;
  /** The one-time code the text carries, for gateways whose template wants it alone. */
  code?: string;
}

/** Where SMS goes. Sending throws when the message could not be handed over. */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

const SMS_HTTP_TIMEOUT_MS = 5_000;

/** Development: one server-log line per message, holding the mobile and the text. */
export function createLogSmsProvider(logger: Pick<FastifyBaseLogger, 'info'>): SmsProvider {
  return {
    async send({ mobile, text }) {
      logger.info({ sms: { mobile } }, `SMS to ${mobile}: ${text}`);
    },
  };
}

/** Fills {mobile}, {code} and {message} into a JSON template, escaped as JSON string content. */
export function fillSmsTemplate(template: string, message: SmsMessage): string {
  const values: Record<string, string> = { mobile: message.mobile, code: message.code ?? '', message: message.text };
  return template.replace(/\{(mobile|code|message)\}/g, (_match, name: string) => JSON.stringify(values[name]).slice(1, -1));
}

export interface HttpSmsOptions {
  url: string;
  apiKey?: string;
  template: string;
  timeoutMs?: number;
}

/** A real SMS gateway: POSTs the filled template as JSON with the key as a bearer token. */
export function createHttpSmsProvider(options: HttpSmsOptions): SmsProvider {
  return {
    async send(message) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
      const response = await fetch(options.url, {
        method: 'POST',
        headers,
        body: fillSmsTemplate(options.template, message),
        signal: AbortSignal.timeout(options.timeoutMs ?? SMS_HTTP_TIMEOUT_MS),
      });
      // Drain the body so the connection is released.
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) throw new Error(`SMS gateway answered HTTP ${response.status}`);
    },
  };
}

export function createSmsProvider(config: AppConfig, logger: FastifyBaseLogger): SmsProvider {
  if (config.SMS_PROVIDER === 'log') return createLogSmsProvider(logger);
  if (!config.SMS_HTTP_URL) {
    throw new ConfigError('Invalid environment configuration:\n  SMS_HTTP_URL: is required when SMS_PROVIDER is http');
  }
  return createHttpSmsProvider({
    url: config.SMS_HTTP_URL,
    template: config.SMS_HTTP_TEMPLATE,
    ...(config.SMS_HTTP_API_KEY ? { apiKey: config.SMS_HTTP_API_KEY } : {}),
  });
}
