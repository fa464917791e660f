/** Stripe's `requirements.currently_due` field names the hunter is most likely to meet, in words. */
const KNOWN: Record<string, string> = {
  external_account: 'A bank account for your payouts',
  tos_acceptance: "Accept Stripe's terms of service",
  'tos_acceptance.date': "Accept Stripe's terms of service",
  'tos_acceptance.ip': "Accept Stripe's terms of service",
  'business_profile.url': 'Your website or social profile',
  'business_profile.mcc': 'What kind of business you run',
  'business_profile.product_description': 'A description of what you sell',
  business_type: 'Your business type',
  'individual.first_name': 'Your first name',
  'individual.last_name': 'Your last name',
  'individual.dob.day': 'Your date of birth',
  'individual.dob.month': 'Your date of birth',
  'individual.dob.year': 'Your date of birth',
  'individual.email': 'Your email address',
  'individual.phone': 'Your phone number',
  'individual.address.line1': 'Your home address',
  'individual.address.city': 'Your home address',
  'individual.address.postal_code': 'Your home address',
  'individual.verification.document': 'A photo of your ID document',
  'individual.verification.additional_document': 'A proof of address document',
};

/**
 * What Stripe still needs, readably and once each (several fields make one step: the date of birth's day, month and
 * year). An unknown field is shown as words from its name rather than hidden.
 */
export function readableRequirements(fields: string[]): string[] {
  const labels = fields.map(
    (field) =>
      KNOWN[field] ??
      (() => {
        const words = field
          .replace(/^individual\./, '')
          .replace(/[._]+/g, ' ')
          .trim();
        return words.charAt(0).toUpperCase() + words.slice(1);
      })(),
  );
  return [...new Set(labels)];
}
