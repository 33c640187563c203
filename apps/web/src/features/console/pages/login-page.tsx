import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Button, FormField } from '@/components/ui';
import { useConsoleLogin } from '../api/console-calls';
import { LanguageSelect } from '../components/language-select';
import { consolePaths } from '../console-paths';
import { takeEndedReason, useConsoleSession } from '../lib/console-session';

const TOTP_PATTERN = /^\d{6}$/;
/** The lock-out's window when the server names none (docs/operators.md, "Lock-out"). */
const LOCK_OUT_MINUTES = 15;

/** Operators log in with a user name, a password and the 6-digit code of their authenticator app (RFC 6238). */
export function ConsoleLoginPage() {
  const { t } = useTranslation('admin');
  const session = useConsoleSession();
  const login = useConsoleLogin();
  const [endedReason] = useState(takeEndedReason);
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [errors, setErrors] = useState<{ userName?: string; password?: string; totp?: string }>({});

  if (session) return <Navigate to={consolePaths.dashboard} replace />;

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = {
      ...(userName.trim() ? {} : { userName: t('login.required') }),
      ...(password ? {} : { password: t('login.required') }),
      ...(TOTP_PATTERN.test(totp) ? {} : { totp: t('login.codeInvalid') }),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    login.mutate({ user_name: userName.trim(), password, totp });
  }

  return (
    <div className="console-login">
      <form className="console-login__card" onSubmit={submit} noValidate aria-labelledby="console-login-title">
        <div className="console-table__bar">
          <h1 id="console-login-title">{t('login.title')}</h1>
          <LanguageSelect />
        </div>
        {endedReason && <p className="console-alert">{endedReason}</p>}
        {login.error && (
          <p className="console-alert" role="alert">
            {/* Locked out by failed logins: how long, and the way back in, in the operator's language. */}
            {login.error.code === 'RATE_LIMITED'
              ? t('login.lockedOut', {
                  count: Math.ceil((login.error.retryAfterSeconds ?? LOCK_OUT_MINUTES * 60) / 60),
                })
              : login.error.message}
          </p>
        )}
        <FormField
          label={t('login.userName')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={userName}
          error={errors.userName}
          onChange={(event) => setUserName(event.target.value)}
        />
        <FormField
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <FormField
          label={t('login.code')}
          hint={t('login.codeHint')}
          className="console-login__code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{6}"
          maxLength={6}
          value={totp}
          error={errors.totp}
          onChange={(event) => setTotp(event.target.value.replace(/\D/g, '').slice(0, 6))}
        />
        <Button type="submit" isBlock isLoading={login.isPending}>
          {t('login.submit')}
        </Button>
      </form>
    </div>
  );
}
