import { CncQuotesPage } from '../../features/cnc-quotes/cnc-quotes-page';

/** /cnc-fabrication-quotes and /cnc-fabrication-quotes/:tab (features/cnc-quotes, decision 324). */
export default function CncQuotesRoute() {
  return <CncQuotesPage />;
}
