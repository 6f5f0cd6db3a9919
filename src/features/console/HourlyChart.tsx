/** Generations per hour over 7 days, drawn by @mantine/charts (loaded by the overview on its own, after the page). */
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { useFormatter } from '~/i18n';

export default function HourlyChart({ hours, label }: { hours: { hour: Date; count: number }[]; label: string }) {
  const format = useFormatter();
  const data = hours.map((point) => ({ hour: format.dateTime(new Date(point.hour), { weekday: 'short', hour: '2-digit' }), count: point.count }));
  return <AreaChart h={240} data={data} dataKey="hour" series={[{ name: 'count', label, color: 'violet.6' }]} curveType="monotone" withDots={false} tickLine="none" />;
}
