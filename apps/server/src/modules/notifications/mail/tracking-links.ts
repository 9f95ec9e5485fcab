/**
 * The carrier's public tracking page for a tracking number (decision 260), for the carriers Canadian sellers
 * name; null for another carrier (the e-mail then gives the number and the order's page). The carrier is free
 * text (the seller types it), so it is matched loosely.
 */
const carriers: Array<{ match: RegExp; url: (n: string) => string }> = [
  {
    match: /canada\s*post|postes?\s*canada/i,
    url: (n) => `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${n}`,
  },
  { match: /purolator/i, url: (n) => `https://www.purolator.com/en/shipping/tracker?pin=${n}` },
  { match: /\bups\b/i, url: (n) => `https://www.ups.com/track?tracknum=${n}` },
  { match: /fed\s*ex/i, url: (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}` },
  { match: /\bdhl\b/i, url: (n) => `https://www.dhl.com/ca-en/home/tracking.html?tracking-id=${n}` },
  { match: /canpar/i, url: (n) => `https://www.canpar.com/en/tracking/track.htm?barcode=${n}` },
  { match: /loomis/i, url: (n) => `https://www.loomis-express.com/loomship/Track/TrackStatus?wbs=${n}` },
];

export function trackingLink(carrier: string, trackingNumber: string): string | null {
  const number = encodeURIComponent(trackingNumber.trim());
  if (!number) return null;
  return carriers.find((c) => c.match.test(carrier))?.url(number) ?? null;
}
