import { OrderPage } from './order-detail';

/** /service-order/:orderId (logged-in only). */
export default function ServiceOrderDetailPage() {
  return <OrderPage kind="service" />;
}
