/** Every query key of the admin console, built only here. */
export const adminKeys = {
  all: ['admin'] as const,
  brands: () => [...adminKeys.all, 'brands'] as const,
  contactSubmissions: () => [...adminKeys.all, 'contact-submissions'] as const,
};
