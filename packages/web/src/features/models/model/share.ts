/** The e-mail and SMS items of the model list (DECISIONS 9: they work). */
export function mailtoLink(subject: string, body: string): string {
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

export function smsLink(text: string): string {
  return `sms:?body=${encodeURIComponent(text)}`;
}

/** The datasheet link: the public page of the model's first product, else the public catalogue. */
export function datasheetLink(origin: string, productId: string | undefined, langIndex: 0 | 1): string {
  return productId ? `${origin}/web/${encodeURIComponent(productId)}/${langIndex}` : `${origin}/web`;
}
