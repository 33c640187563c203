/** The operators module's public face (docs/operators.md). */
export { createOperatorsModule, type OperatorsModule } from './operators.module';
export {
  createOperatorsService,
  type OperatorActor,
  type OperatorsService,
  type OperatorUser,
  OPERATOR_ATTACK_FAILURES,
  OPERATOR_LOCK_AFTER_FAILURES,
  permissionsOf,
  SYSTEM_OPERATOR_NAME,
} from './operators.service';
export { type AuditEntry, type AuditLog, createAuditLog } from './audit.service';
export type { ApprovalExecutor, ApprovalKind, Approvals } from './approvals.service';
export { base32Decode, totpCode, totpStep } from './totp';
export { operatorCommands } from './operators.cli';
export { operatorNames } from './operators.repository';
