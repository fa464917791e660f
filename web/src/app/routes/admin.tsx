import { AdminPage } from '@/features/admin/pages/admin-page';
import { useRefreshBrands } from '@/features/brands/api/refresh-brands';

/** The admin console changes brands the brands feature shows; features do not import each other, so they meet here. */
export function AdminRoute() {
  const refreshBrands = useRefreshBrands();
  return <AdminPage refreshPublicBrands={refreshBrands} />;
}
