import { ComingSoon } from '~/features/shell/ComingSoon';

export default function LoraDetailsPage() {
  return <ComingSoon what="LoRA model" />;
}
