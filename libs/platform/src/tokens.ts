/** Injection tokens of the platform's shared providers. */
export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');
export const SERVICE_NAME = Symbol('SERVICE_NAME');
export const REDIS = Symbol('REDIS');
