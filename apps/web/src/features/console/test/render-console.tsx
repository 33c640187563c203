import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { storeConsoleSession } from '../lib/console-session';
import { type DataOf, type Endpoint, type OperatorRole, type RequestOf, ROLE_PERMISSIONS } from '@app/shared';

/** One call the fake server saw: its path (`admin/…`), body and Idempotency-Key. */
export interface SeenCall {
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string | null;
}

/** What the fake server answers for one endpoint: its data, given the request's body. */
export interface FakeAnswer {
  endpoint: Endpoint;
  reply: (body: Record<string, unknown>) => unknown;
}

/** Typed by the contract: the reply must be the endpoint's data. */
export function answer<E extends Endpoint>(endpoint: E, reply: (body: RequestOf<E>) => DataOf<E>): FakeAnswer {
  return { endpoint, reply: reply as (body: Record<string, unknown>) => unknown };
}

/**
 * A console component against a fake server: each endpoint answers its reply in the contract's
 * envelope. The request and the reply are both checked with the contract's zod schemas, so a
 * test cannot pass on a request the server would refuse. Every call is recorded in order.
 */
export function fakeConsoleServer(answers: readonly FakeAnswer[]) {
  const calls: SeenCall[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const path = url.replace(/^\/api\//, '').split('?')[0]!;
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      const headers = init.headers as Record<string, string>;
      calls.push({ path, body, idempotencyKey: headers['idempotency-key'] ?? null });
      const found = answers.find((item) => item.endpoint.path === path);
      if (!found) return json(404, { status: false, message: `no fake for ${path}`, code: 'NOT_FOUND' });
      const request = found.endpoint.request.safeParse(body);
      if (!request.success) return json(400, { status: false, message: request.error.message, code: 'BAD_REQUEST' });
      return json(200, { status: true, message: 'ok', data: found.endpoint.data.parse(found.reply(body)) });
    }),
  );
  return { calls, callsTo: (path: string) => calls.filter((call) => call.path === path) };
}

/** Logs an operator of `role` into the console (session storage), as the login page does. */
export function logInAs(operator: string, role: OperatorRole): void {
  storeConsoleSession({ token: `token-${operator}`, role, operator, permissions: [...ROLE_PERMISSIONS[role]] });
}

/** Renders `ui` with a fresh query client (no retries), at `path` of the console's router when given. */
export function renderConsole(ui: ReactNode, route?: { path: string; at: string }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      {route ? (
        <MemoryRouter initialEntries={[route.at]}>
          <Routes>
            <Route path={route.path} element={ui} />
          </Routes>
        </MemoryRouter>
      ) : (
        ui
      )}
    </QueryClientProvider>,
  );
}
