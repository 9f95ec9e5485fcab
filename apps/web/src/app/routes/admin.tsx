import { AdminConsole } from '../../features/admin/components/admin-console';

/** /admin/*: the admin console, its own lazy chunk outside the buyer layout. */
export default function AdminPage() {
  return <AdminConsole />;
}
