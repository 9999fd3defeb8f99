import { PageNotFound } from '../components/PageNotFound';

export default function NotFoundPage() {
  return <PageNotFound />;
}
