import {
  E164_PATTERN,
  JOINING_LIMITS,
  JOINING_MESSAGES,
  type JoiningDetails,
  type SessionTypes,
} from '@hunted/contracts';

/** The form's fields, named as the server's 400 names them, in the order the form shows them. */
export const JOINING_FIELDS = [
  'whatsappVoice.phone',
  'whatsappVideo.phone',
  'inPerson.area',
  'inPerson.address',
] as const;
export type JoiningField = (typeof JOINING_FIELDS)[number];
export type JoiningFormValues = Record<JoiningField, string>;

export function joiningFormValuesOf(details: JoiningDetails): JoiningFormValues {
  return {
    'whatsappVoice.phone': details.whatsappVoice.phone ?? '',
    'whatsappVideo.phone': details.whatsappVideo.phone ?? '',
    'inPerson.area': details.inPerson.area ?? '',
    'inPerson.address': details.inPerson.address ?? '',
  };
}

/** People type numbers with spaces, dashes and brackets; E.164 has none, so they go before checking or sending. */
export function compactPhone(value: string): string {
  return value.replace(/[\s\-().]/g, '');
}

const textOrNull = (value: string) => (value.trim() ? value.trim() : null);

export function joiningDetailsOf(values: JoiningFormValues): JoiningDetails {
  const phone = (value: string) => (compactPhone(value) ? compactPhone(value) : null);
  return {
    whatsappVoice: { phone: phone(values['whatsappVoice.phone']) },
    whatsappVideo: { phone: phone(values['whatsappVideo.phone']) },
    inPerson: { area: textOrNull(values['inPerson.area']), address: textOrNull(values['inPerson.address']) },
  };
}

/** The server's rules, checked before sending: a number, when given, must be E.164; area and address within limits. */
export function validateJoiningForm(values: JoiningFormValues): Partial<Record<JoiningField, string>> {
  const errors: Partial<Record<JoiningField, string>> = {};
  for (const field of ['whatsappVoice.phone', 'whatsappVideo.phone'] as const) {
    const phone = compactPhone(values[field]);
    if (phone && !E164_PATTERN.test(phone)) errors[field] = JOINING_MESSAGES.phone;
  }
  if (values['inPerson.area'].trim().length > JOINING_LIMITS.area) errors['inPerson.area'] = JOINING_MESSAGES.area;
  if (values['inPerson.address'].trim().length > JOINING_LIMITS.address) {
    errors['inPerson.address'] = JOINING_MESSAGES.address;
  }
  return errors;
}

/** The offered session types a client could book but not join yet: a WhatsApp type without a number, in person without an address. */
export function typesMissingJoiningDetails(
  sessionTypes: SessionTypes,
  details: JoiningDetails,
): ('whatsappVoice' | 'whatsappVideo' | 'inPerson')[] {
  const missing: ('whatsappVoice' | 'whatsappVideo' | 'inPerson')[] = [];
  if (sessionTypes.whatsappVoice.enabled && !details.whatsappVoice.phone) missing.push('whatsappVoice');
  if (sessionTypes.whatsappVideo.enabled && !details.whatsappVideo.phone) missing.push('whatsappVideo');
  if (sessionTypes.inPerson.enabled && !(details.inPerson.area && details.inPerson.address)) missing.push('inPerson');
  return missing;
}

/** The anchor the dashboard's hint links to. */
export const JOINING_DETAILS_ANCHOR = 'how-clients-join';
