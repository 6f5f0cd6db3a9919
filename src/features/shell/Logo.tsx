import { Group, Text } from '@mantine/core';

/** The mark and the name; `compact` hides the name on phones, where header space is scarce. */
export function Logo({ size = 28, compact = false }: { size?: number; compact?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap" component="span">
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
        <defs>
          <linearGradient id="logo-gradient" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#7c3aed" />
            <stop offset="1" stopColor="#ec4899" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill="url(#logo-gradient)" />
        <path d="M9 22 L14 10 L18 18 L21 14 L24 22 Z" fill="white" opacity="0.92" />
        <circle cx="22" cy="10" r="2.2" fill="white" />
      </svg>
      <Text component="span" fw={700} size="lg" c="var(--mantine-color-text)" visibleFrom={compact ? 'xs' : undefined} style={{ whiteSpace: 'nowrap' }}>
        Lumen Studio
      </Text>
    </Group>
  );
}
