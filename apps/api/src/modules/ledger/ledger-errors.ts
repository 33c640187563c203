import { AppError } from '../../lib/app-error';

export class InsufficientBalanceError extends AppError {
  constructor(readonly accountKey: string) {
    super('INSUFFICIENT_BALANCE', 'Insufficient balance');
  }
}

/** A (kind, reference) or a reversal that was already written: the database says "once". */
export class DuplicatePostingError extends AppError {
  constructor(kind: string, reference: string) {
    super('CONFLICT', `This was already recorded (${kind} ${reference})`);
  }
}
