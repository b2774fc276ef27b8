import styles from "./StatCard.module.css";

export interface StatCardProps {
  label: string;
  value: string;
  /** Change against last month, in percent; omitted for counts without history. */
  trend?: number;
}

export function StatCard({ label, value, trend }: StatCardProps) {
  const up = (trend ?? 0) >= 0;
  return (
    <div className={styles.card}>
      <p className={styles.label}>{label}</p>
      <p className={styles.value}>{value}</p>
      {trend !== undefined && (
        <p className={up ? styles.trendUp : styles.trendDown} style={{ marginTop: 4, fontSize: "0.75rem" }}>
          {up ? "▲" : "▼"} {Math.abs(trend)}% vs last month
        </p>
      )}
    </div>
  );
}
