import { limits } from '@maplesource/contracts/limits';
import { COMPANY, companyAddress, type LegalDocument } from './types';

const terms: LegalDocument = {
  title: 'Terms and conditions',
  updated: 'Last updated: November 1, 2025',
  intro: [
    `These terms are an agreement between you and ${COMPANY.name} ("MapleSource", "we", "us"), ${companyAddress}, and govern your use of the MapleSource marketplace, its website, apps and services.`,
    'By creating an account you confirm that you have read and accept these terms and our privacy policy. If you do not accept them, do not use MapleSource.',
  ],
  sections: [
    {
      id: 'eligibility',
      heading: 'Eligibility',
      paragraphs: [
        'You must be of the legal age of majority in your province or territory to use MapleSource. Buyer accounts are offered to buyers located in Canada only.',
        'Business tiers (seller storefronts, premium employer and verified business accounts) are available only to businesses registered in Canada. You confirm that you are authorised to act for the business you register, and that the information you give us is true and kept up to date.',
      ],
    },
    {
      id: 'platform-role',
      heading: 'Our role: a marketplace, not a party',
      paragraphs: [
        'MapleSource connects buyers with manufacturers, suppliers and service providers. Contracts for products and services are made directly between buyer and seller; MapleSource is not a party to those transactions, is not the seller, manufacturer or carrier, and does not take title to goods.',
        'We do not guarantee the quality, safety, legality, delivery, or fitness for purpose of any product or service, nor the accuracy of listings, reviews or storefronts. A "verified" badge means only that we checked a seller’s business registration. Warranties, such as a one-year product warranty, are given by sellers, not by MapleSource.',
      ],
    },
    {
      id: 'accounts',
      heading: 'Accounts and security',
      paragraphs: [
        'Keep your password confidential and tell us at once about any unauthorised use of your account. You are responsible for what happens under your account. Pre-made storefronts (over 5,000 at launch in 2025) may be claimed only by the rightful business owner.',
      ],
    },
    {
      id: 'quotations-invoices-payments',
      heading: 'Quotations, invoices and payments',
      paragraphs: [
        'Prices are in Canadian dollars (CAD) and include the taxes and shipping shown on the invoice. A seller’s invoice expires at the time it states; an expired invoice cannot be accepted. Accepting an invoice is final: it creates an order and commits you to pay through our secure payment system.',
      ],
    },
    {
      id: 'payment-review',
      heading: 'Buyer payment review window',
      paragraphs: [
        `If an order is not delivered as agreed, you may ask for a payment review within ${limits.paymentReviewDaysAfterDelivery} days of the expected delivery date. Reviews are available only for orders from a verified supplier that were paid through the MapleSource secure payment system. We may hold the seller’s payout while we review the evidence from both parties.`,
      ],
    },
    {
      id: 'refunds',
      heading: 'Refunds',
      paragraphs: [
        `Refunds approved after a payment review, or agreed by the seller, are issued to the original payment method within ${limits.refundWindowDays} days. Payments made outside MapleSource cannot be reviewed or refunded by us. Processing fees charged by card networks may not be refundable where the law allows.`,
      ],
    },
    {
      id: 'employer-data-use',
      heading: 'Employer data use',
      paragraphs: [
        'Premium employers may access the resume database, and only verified business accounts receive resume access. Employers may use candidates’ information only to assess and contact them for genuine employment opportunities, must keep it confidential and secure, must not sell or disclose it, and must delete it when it is no longer needed or when the candidate asks.',
      ],
    },
    {
      id: 'user-content',
      heading: 'Your content and our licence',
      paragraphs: [
        'You keep ownership of the content you post (listings, photos, reviews, messages, resumes). You grant MapleSource a non-exclusive, worldwide, royalty-free licence to host, copy, display, translate and adapt it for operating, improving and promoting the marketplace, for as long as it is on MapleSource and for a reasonable time after removal. You confirm you have the rights needed to grant this licence.',
      ],
    },
    {
      id: 'acceptable-use',
      heading: 'Acceptable use',
      paragraphs: ['You agree not to:'],
      list: [
        'post false, misleading, infringing, defamatory or unlawful content, or counterfeit or prohibited goods;',
        'harass other users, send spam, or use the contact details of other users for anything other than the transaction at hand;',
        'take transactions off the platform to avoid fees or protections, or manipulate reviews, rankings or statistics;',
        'scrape, copy or resell data from MapleSource, interfere with its security, or access it by automated means without our written permission;',
        'upload malware, or attempt to access accounts or data that are not yours.',
      ],
    },
    {
      id: 'disclaimer',
      heading: 'Disclaimer and limitation of liability',
      paragraphs: [
        'MapleSource is provided "as is" and "as available". To the extent the law allows, we disclaim all warranties, express or implied, including merchantability, fitness for a particular purpose and non-infringement, and we do not promise uninterrupted or error-free service.',
        'To the extent the law allows, MapleSource is not liable for indirect, incidental, special or consequential damages, lost profits or lost data, and our total liability for any claim is limited to the fees you paid us in the twelve months before the claim. Nothing in these terms limits rights that consumer protection laws give you and that cannot be waived.',
      ],
    },
    {
      id: 'indemnity',
      heading: 'Indemnity',
      paragraphs: [
        'You agree to indemnify and hold harmless MapleSource, its directors, employees and agents from claims, losses and costs (including reasonable legal fees) arising from your content, your transactions with other users, or your breach of these terms or of the law.',
      ],
    },
    {
      id: 'termination',
      heading: 'Suspension and termination',
      paragraphs: [
        'You may close your account at any time. We may suspend or close an account, or remove content, if you breach these terms, if required by law, or to protect users. Sections that by their nature should survive termination (licence, disclaimer, indemnity, governing law) survive it. Orders already accepted remain binding between buyer and seller.',
      ],
    },
    {
      id: 'governing-law',
      heading: 'Governing law and courts',
      paragraphs: [
        'These terms are governed by the laws of the Province of Ontario and the federal laws of Canada that apply there. You and MapleSource submit to the exclusive jurisdiction of the courts located in Toronto, Ontario, except where consumer protection law gives you the right to bring a claim in your own province.',
      ],
    },
    {
      id: 'export-control',
      heading: 'Export control and sanctions',
      paragraphs: [
        'You must comply with Canadian export control and economic sanctions laws, including the Export and Import Permits Act and the Special Economic Measures Act. Do not list, buy or ship controlled goods or technology without the required permits, or deal with sanctioned persons or countries through MapleSource.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to these terms',
      paragraphs: [
        'We may change these terms. We post the new version here with its date and notify you of significant changes at least 30 days before they apply. If you keep using MapleSource after that date, you accept the new terms.',
      ],
    },
    {
      id: 'general',
      heading: 'General provisions',
      paragraphs: [
        'These terms and the privacy policy are the entire agreement between you and MapleSource about the service. If a provision is found unenforceable, the rest remains in force. Our failure to enforce a provision is not a waiver. You may not assign these terms without our consent; we may assign them to a successor. Notices to us go to the address below. These terms are available in English and French; both versions are equally authoritative.',
      ],
    },
    {
      id: 'contact',
      heading: 'Contact us',
      paragraphs: [`${companyAddress}. Email: ${COMPANY.legalEmail}.`],
    },
  ],
};

export default terms;
