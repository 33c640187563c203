/** The CLI's own operator, created on first use (docs/operators.md). */
export const SYSTEM_OPERATOR_NAME = 'system';

export const operatorNameKey = (name: string) => name.trim().toLowerCase();
