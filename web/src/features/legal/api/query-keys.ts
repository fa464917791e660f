/** Every query key of the legal feature (the gateway's own `/api/site`), built only here. */
export const legalKeys = {
  all: ['legal'] as const,
  /** Who runs the site (`GET /api/site`). */
  site: () => [...legalKeys.all, 'site'] as const,
};
