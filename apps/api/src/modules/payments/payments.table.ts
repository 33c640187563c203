import type { DepositStatus, DestinationKind, PaymentMethod, WithdrawStatus } from '@app/shared';
import type { Generated, Selectable } from 'kysely';

/** A deposit order (docs/payments.md): created by payment/createDeposit, settled by the gateway. */
export interface PaymentDepositsTable {
  id: Generated<number>;
  order_id: string;
  user_id: number;
  /** Paise. */
  amount: number;
  currency: string;
  method: PaymentMethod;
  /** The adapter that took it (PAYMENT_PROVIDER at the time). */
  gateway: string;
  status: DepositStatus;
  provider_ref: string | null;
  redirect_url: string | null;
  ledger_transaction_id: number | null;
  created_at: number;
  updated_at: number;
}

export interface PaymentDestinationsTable {
  id: Generated<number>;
  user_id: number;
  kind: DestinationKind;
  /** 'upi:{id}' or 'bank:{ifsc}:{account}': a player saves each destination once. */
  destination_key: string;
  upi_id: string | null;
  account_number: string | null;
  ifsc: string | null;
  holder_name: string | null;
  created_at: number;
}

export interface PaymentWithdrawalsTable {
  id: Generated<number>;
  user_id: number;
  amount: number;
  currency: string;
  destination_id: number;
  destination_label: string;
  status: WithdrawStatus;
  reason: string | null;
  gateway: string | null;
  provider_ref: string | null;
  payout_requested_at: number | null;
  created_at: number;
  updated_at: number;
}

/** Each gateway event once: its id is the key, the outcome what processing it did. */
export interface PaymentEventsTable {
  gateway: string;
  event_id: string;
  type: string;
  /** 'order:{order_id}' or 'withdraw:{id}'. */
  target: string;
  outcome: string;
  received_at: number;
}

export interface KycSubmissionsTable {
  id: Generated<number>;
  user_id: number;
  legal_name: string;
  date_of_birth: string;
  document_name: string;
  document_type: string;
  status: 'submitted' | 'approved' | 'rejected';
  reason: string | null;
  created_at: number;
  reviewed_at: number | null;
}

/** A submission's document (migration 0170): in the database, so every instance reads it. */
export interface KycDocumentsTable {
  submission_id: number;
  content_type: string;
  bytes: Buffer;
  created_at: number;
}

export interface PaymentGatewaySecretsTable {
  gateway: string;
  secret: string;
  created_at: number;
}

/** The sandbox gateway's own books (what a real provider keeps on its side). */
export interface SandboxPaymentsTable {
  /** The hosted page's address: `/sandbox-pay/{token}`. */
  token: string;
  order_id: string;
  amount: number;
  currency: string;
  method: PaymentMethod;
  status: 'created' | 'succeeded' | 'failed' | 'abandoned';
  /** Where the payer goes back to on the site. */
  return_path: string;
  created_at: number;
  updated_at: number;
}

export interface SandboxPayoutsTable {
  /** 'W{withdraw id}'. */
  reference: string;
  amount: number;
  currency: string;
  destination: string;
  status: 'requested' | 'paid' | 'failed';
  created_at: number;
  updated_at: number;
}

export type DepositRowDb = Selectable<PaymentDepositsTable>;
export type WithdrawalRowDb = Selectable<PaymentWithdrawalsTable>;
export type DestinationRowDb = Selectable<PaymentDestinationsTable>;
export type KycRowDb = Selectable<KycSubmissionsTable>;

// This module's tables in the one Kysely schema (db/schema.ts stands below the modules).
declare module '../../db/schema' {
  interface Database {
    payment_deposits: PaymentDepositsTable;
    payment_destinations: PaymentDestinationsTable;
    payment_withdrawals: PaymentWithdrawalsTable;
    payment_events: PaymentEventsTable;
    kyc_submissions: KycSubmissionsTable;
    kyc_documents: KycDocumentsTable;
    payment_gateway_secrets: PaymentGatewaySecretsTable;
    sandbox_payments: SandboxPaymentsTable;
    sandbox_payouts: SandboxPayoutsTable;
  }
}
