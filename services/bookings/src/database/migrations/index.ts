/** Every migration of this service, in order. They run on start. */
export const migrations = [];
