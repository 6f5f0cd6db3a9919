import { ComingSoon } from '~/features/shell/ComingSoon';

export default function ImageEffectPage() {
  return <ComingSoon what="Image effect" />;
}
