import { AppError } from '../../lib/app-error';
import { COMMON_PASSWORDS } from './common-passwords';

/**
 * Rules beyond the spec's pattern (which the contract checks): the most common passwords are
 * refused, and so is a password built on the user's own name.
 */
export function assertPasswordAllowed(password: string, userName?: string): void {
  const lowered = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lowered)) {
    throw new AppError('BAD_REQUEST', 'This password is too common and easy to guess. Please choose another.');
  }
  if (userName && userName.length >= 4 && lowered.includes(userName.toLowerCase())) {
    throw new AppError('BAD_REQUEST', 'The password must not contain your username. Please choose another.');
  }
}
