// This language's other texts (accounts, admin, orders, chat…), for the screens and dialogs beyond the public
// pages (decision 175): every namespace `first.ts` does not have.
export default import.meta.glob<Record<string, unknown>>(
  [
    './*.json',
    '!./common.json',
    '!./errors.json',
    '!./catalog.json',
    '!./sellers.json',
    '!./content.json',
    '!./contentPages.json',
    '!./search.json',
    '!./quotes.json',
    '!./notifications.json',
  ],
  { eager: true, import: 'default' },
);
