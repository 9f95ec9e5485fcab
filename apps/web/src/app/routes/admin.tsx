export default function AdminPage() {
  return null;
}
