/** Every query key of the account feature (identity's `/api/account/*`), built only here. */
export const accountKeys = {
  all: ['account'] as const,
  /** The member's latest export (`GET /api/account/data-exports/current`). */
  currentDataExport: () => [...accountKeys.all, 'data-export', 'current'] as const,
  /** The member's latest deletion (`GET /api/account/deletion`). */
  deletion: () => [...accountKeys.all, 'deletion'] as const,
};
