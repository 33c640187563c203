let sequence = 0;

/** A ledger reference no other posting of the run has: (kind, reference) is unique in the database. */
export function ref(base: string): string {
  sequence += 1;
  return `${base}#${sequence}`;
}
