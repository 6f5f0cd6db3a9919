import { ComingSoon } from '~/features/shell/ComingSoon';

export default function CreatePage() {
  return <ComingSoon what="Generator" />;
}
