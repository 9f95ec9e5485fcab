import { useLocation } from 'react-router';
import { paths } from '../../config/paths';
import SellerBalancePage from './seller-balance';
import SellerPayoutsPage from './seller-payouts';

/**
 * The seller centre's money screens in one lazy module (the entry lists each lazy route's files, and every public
 * page loads the entry: the JS budget): /seller-centre/balance and /seller-centre/payouts.
 */
export default function SellerMoneyPage() {
  const { pathname } = useLocation();
  return pathname.endsWith(paths.sellerBalance) ? <SellerBalancePage /> : <SellerPayoutsPage />;
}
