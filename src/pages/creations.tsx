import { ComingSoon } from '~/features/shell/ComingSoon';

export default function CreationsPage() {
  return <ComingSoon what="My creations" />;
}
