import type { TransformerMeterPoint } from '@prepay/contracts';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';

/**
 * The meters at their coordinates (Leaflet). With a tile URL the map is drawn under them; without one they
 * stand on a plain plane, still zoomable and in true relative position. The check meter is the larger mark.
 */
export default function MeterMap(props: {
  points: TransformerMeterPoint[];
  tilesUrl: string;
  labels: { checkMeter: string; customerMeter: string };
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return;
    const map = L.map(box.current, { attributionControl: Boolean(props.tilesUrl), zoomSnap: 0.25 });
    if (props.tilesUrl) L.tileLayer(props.tilesUrl, { maxZoom: 19 }).addTo(map);
    const placed = props.points.filter((p) => p.lat !== null && p.lng !== null);
    for (const p of placed) {
      const check = p.isCheckMeter;
      L.circleMarker([p.lat as number, p.lng as number], {
        radius: check ? 9 : 6,
        color: check ? '#cf1322' : '#1677ff',
        fillOpacity: 0.7,
      })
        .bindTooltip(
          `${p.meterId} · ${check ? props.labels.checkMeter : (p.customerName ?? props.labels.customerMeter)}`,
        )
        .addTo(map);
    }
    const bounds = L.latLngBounds(placed.map((p) => [p.lat as number, p.lng as number] as [number, number]));
    if (bounds.isValid()) map.fitBounds(bounds.pad(0.2), { maxZoom: 17 });
    else map.setView([0, 0], 2);
    return () => {
      map.remove();
    };
  }, [props.points, props.tilesUrl, props.labels]);
  return (
    <div
      ref={box}
      data-testid="meter-map"
      style={{ height: 320, width: '100%', background: '#f5f5f5', border: '1px solid #f0f0f0' }}
    />
  );
}
