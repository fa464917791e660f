/**
 * Whether `value` is an email address by the rule the services' class-validator `@IsEmail()` applied (validator.js
 * 13's `isEmail` with its defaults), kept here so that moving a form to a schema changed no answer, and so the web
 * checks the same: at most 254 characters; a local part of at most 64 bytes, dot-separated atoms of letters
 * (any script), digits and `!#$%&'*+-/=?^_\`{|}~`, or a quoted string; a domain of at most 254 bytes whose labels
 * (at most 63 characters, letters of any script, digits, inner hyphens) end in a top-level domain of two letters
 * or more (or `xn--…`). No display name, no IP address as the domain, no underscores in it.
 */

/* eslint-disable no-control-regex -- the quoted local part's characters, as validator.js writes them */
const QUOTED_LOCAL =
  /^([\s\x01-\x08\x0b\x0c\x0e-\x1f\x7f\x21\x23-\x5b\x5d-\x7e\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]|(\\[\x01-\x09\x0b\x0c\x0d-\x7f\u00A0-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]))*$/i;
/* eslint-enable no-control-regex */
const LOCAL_ATOM = /^[a-z\d!#$%&'*+\-/=?^_`{|}~\u00A1-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]+$/i;
const TOP_LEVEL = /^([a-z\u00A1-\u00A8\u00AA-\uD7FF\uF900-\uFDCF\uFDF0-\uFFEF]{2,}|xn[a-z0-9-]{2,})$/i;
const LABEL = /^[a-z_\u00a1-\uffff0-9-]+$/i;
const FULL_WIDTH = /[\uff01-\uff5e]/;

const MAX_ADDRESS = 254;
const MAX_LOCAL_BYTES = 64;
const MAX_DOMAIN_BYTES = 254;
const MAX_LABEL = 63;

function bytesOf(text: string): number {
  return new TextEncoder().encode(text).length;
}

function isDomain(domain: string): boolean {
  const labels = domain.split('.');
  const top = labels[labels.length - 1] ?? '';
  if (labels.length < 2 || !TOP_LEVEL.test(top) || /\s/.test(top) || /^\d+$/.test(top)) return false;
  return labels.every(
    (label) =>
      label.length <= MAX_LABEL &&
      LABEL.test(label) &&
      !FULL_WIDTH.test(label) &&
      !/^-|-$/.test(label) &&
      !label.includes('_'),
  );
}

export function isEmailAddress(value: string): boolean {
  if (value.length > MAX_ADDRESS) return false;
  const at = value.lastIndexOf('@');
  if (at < 0) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (bytesOf(local) > MAX_LOCAL_BYTES || bytesOf(domain) > MAX_DOMAIN_BYTES) return false;
  if (!isDomain(domain)) return false;
  if (local.startsWith('"') && local.endsWith('"')) return QUOTED_LOCAL.test(local.slice(1, -1));
  return local.split('.').every((atom) => LOCAL_ATOM.test(atom));
}
