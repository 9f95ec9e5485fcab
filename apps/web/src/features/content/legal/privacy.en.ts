import { COMPANY, companyAddress, type LegalDocument } from './types';

const privacy: LegalDocument = {
  title: 'Privacy policy',
  updated: 'Last updated: November 1, 2025',
  intro: [
    `This policy explains how ${COMPANY.name} ("MapleSource", "we", "us") collects, uses, shares and protects personal information when you use the MapleSource marketplace, where buyers in Canada find manufacturers, suppliers and industrial service providers, request quotations, chat with sellers, accept invoices and pay in Canadian dollars.`,
    'We handle personal information in line with the Personal Information Protection and Electronic Documents Act (PIPEDA) and applicable provincial privacy laws.',
  ],
  sections: [
    {
      id: 'information-we-collect',
      heading: 'Information we collect',
      paragraphs: ['We collect only what we need to run the marketplace:'],
      list: [
        'Account information: full name, email address, phone number, province, city, country, password (stored only as a secure hash) and your avatar.',
        'Business and order information: quotation requests (product, quantity, price range, deadline, delivery province and postal code), messages and images exchanged in chat, invoices, orders, shipping and billing addresses, and your electronic signature when you accept an invoice.',
        'Payment information: card payments are processed by our payment provider; we receive the payment status and the last digits of the card, never the full card number.',
        'Career applications: name, contact details, address, job category, resume and optional cover letter.',
        'Usage information: pages viewed, searches, device and browser type, IP address, and the language you choose (kept in your browser under the key "lang").',
      ],
    },
    {
      id: 'how-we-use-information',
      heading: 'How we use information',
      paragraphs: ['We use personal information to:'],
      list: [
        'create and secure your account, verify your phone number and email address and keep you signed in;',
        'send your quotation requests to the sellers you choose and let you negotiate, accept invoices, pay and track orders;',
        'provide customer support, resolve disputes and process payment reviews and refunds;',
        'improve search, recommendations and the reliability of the service;',
        'send service messages (for example an invoice awaiting your action) and, with your consent, marketing messages you can stop at any time;',
        'detect and prevent fraud, abuse and security incidents, and meet our legal obligations.',
      ],
    },
    {
      id: 'no-sale',
      heading: 'We do not sell personal information',
      paragraphs: [
        'We do not sell, rent or trade your personal information to anyone, and we do not share it for other companies’ advertising.',
      ],
    },
    {
      id: 'sharing',
      heading: 'Who we share information with',
      paragraphs: [
        'We share personal information only as described here and only as much as each purpose needs:',
      ],
      list: [
        'Service providers who work for us under contract (hosting, payment processing, SMS and email delivery, customer support tools). They may use the information only to provide their services to us.',
        'Buyers and suppliers, to fulfil a request: when you send an inquiry or accept an invoice, the seller receives the details needed to quote, deliver and invoice (name, business contact details, delivery address, order details). Sellers share their business details with buyers in the same way.',
        'Premium employers with resume access: if you submit a career application, your resume may be visible to premium employers. Only verified business accounts receive resume access.',
        'Authorities, where the law requires it: courts, law enforcement or regulators, when we must comply with a law, a court order or a lawful request, or to protect the rights, safety and property of our users and of MapleSource.',
        'Successors in a business transfer: if MapleSource is involved in a merger, acquisition, financing or sale of assets, personal information may be transferred to the successor, who must protect it as this policy describes.',
      ],
    },
    {
      id: 'calls-and-contact-forms',
      heading: 'Tracked calls and contact forms',
      paragraphs: [
        'Some seller phone numbers shown on MapleSource are tracked numbers. Calls made through tracked numbers and messages sent through contact forms may be recorded and shared with the supplier you contacted, so that the supplier can answer you and so that we can measure the service and resolve disputes.',
        'We tell you when call tracking or recording is active, before the call connects or next to the form.',
      ],
    },
    {
      id: 'cookies',
      heading: 'Cookies and local storage',
      paragraphs: [
        'We use a session cookie to keep you signed in and to protect your account, and your browser’s local storage to remember your language. We do not use cookies for third-party advertising. Blocking cookies will prevent you from signing in.',
      ],
    },
    {
      id: 'retention-and-security',
      heading: 'Retention and security',
      paragraphs: [
        'We keep personal information only as long as needed for the purposes above: account information while your account is open; orders, invoices and payment records for the period tax and commercial laws require (generally seven years); chat messages and career applications until you delete them or close your account, unless we must keep them to resolve a dispute. Information we no longer need is deleted or anonymised.',
        'We protect information with safeguards suited to its sensitivity: encryption in transit, hashed passwords, access limited to staff who need it, audit logs of administrative changes, and regular security reviews. No system is perfectly secure; if a breach creates a real risk of significant harm, we will notify you and the Privacy Commissioner of Canada as the law requires.',
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights',
      paragraphs: ['You may, at any time:'],
      list: [
        'access the personal information we hold about you;',
        'ask us to correct information that is inaccurate or incomplete;',
        'ask us to delete your information, subject to records the law requires us to keep;',
        'object to a use of your information, including for marketing;',
        'withdraw your consent, with the consequence that some services may no longer be available;',
        'receive your information in a structured, commonly used format (portability).',
      ],
    },
    {
      id: 'exercising-rights',
      heading: 'How to exercise your rights',
      paragraphs: [
        `Write to ${COMPANY.privacyEmail} or to the address below. We may need to verify your identity before acting on a request, to protect your information. We answer within 30 days. If you are not satisfied with our answer, you may complain to the Office of the Privacy Commissioner of Canada or to your provincial privacy authority.`,
      ],
    },
    {
      id: 'where-data-is-stored',
      heading: 'Where information is stored',
      paragraphs: [
        'MapleSource operates in Canada. Some of our service providers may store or process information in the United States. When that happens, the information is subject to the laws of that country and may be accessed by its authorities; we require those providers to protect it to a standard comparable to Canadian law.',
      ],
    },
    {
      id: 'children',
      heading: 'Children',
      paragraphs: [
        'MapleSource is a business service and is not intended for children under 13 years of age, or under 16 where local law sets that age. We do not knowingly collect their personal information; if we learn that we have, we delete it.',
      ],
    },
    {
      id: 'third-party-sites',
      heading: 'Third-party sites',
      paragraphs: [
        'Seller storefronts, blogs and messages may link to websites we do not operate. Their privacy practices are their own; read their policies before giving them information.',
      ],
    },
    {
      id: 'updates',
      heading: 'Updates to this policy',
      paragraphs: [
        'We may update this policy as the service or the law changes. We post the new version here with its date and, for significant changes, notify you by email or in the app before they take effect.',
      ],
    },
    {
      id: 'contact',
      heading: 'Contact us',
      paragraphs: [`Privacy officer, ${companyAddress}. Email: ${COMPANY.privacyEmail}.`],
    },
  ],
};

export default privacy;
