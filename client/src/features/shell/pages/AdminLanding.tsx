import { landingPath } from '@nomen/shared';
import { Navigate } from 'react-router-dom';
import { useSignedIn } from '../../auth/api';

/** /admin (exact): sends the user to the first page their permissions allow (spec 01 §2.1). */
export function AdminLanding() {
  const { permissions, features } = useSignedIn();
  return <Navigate to={landingPath(permissions, features)} replace />;
}
