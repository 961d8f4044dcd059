import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../ui/Icon.tsx";
import type { Remote } from "./use-dashboard-data.ts";

export type SkeletonKind = "chart" | "donut" | "list" | "bars" | "cloud";

type Props<T> = {
  title: string;
  remote: Remote<T>;
  onRetry: () => void;
  isEmpty?: (data: T) => boolean;
  skeleton?: SkeletonKind;
  actions?: ReactNode;
  testId: string;
  className?: string;
  children: (data: T) => ReactNode;
};

type BodyProps<T> = Pick<Props<T>, "remote" | "onRetry" | "isEmpty" | "skeleton" | "children">;

export function widgetState<T>(remote: Remote<T>, isEmpty?: (data: T) => boolean): "loading" | "error" | "empty" | "ready" {
  return remote.status === "ready" && isEmpty?.(remote.data) ? "empty" : remote.status;
}

/** A dashboard card with its own loading skeleton, empty state and error state with a retry. */
export function Widget<T>({ title, remote, isEmpty, actions, testId, className = "", ...body }: Props<T>) {
  const state = widgetState(remote, isEmpty);
  return (
    <section
      className={`card border border-base-300 bg-base-100 ${className}`}
      data-testid={testId}
      data-state={state}
      aria-busy={state === "loading"}
    >
      <div className="card-body gap-3 p-4">
        <header className="flex min-h-8 flex-wrap items-center justify-between gap-2">
          <h2 className="text-base font-semibold">{title}</h2>
          {actions}
        </header>
        <WidgetBody remote={remote} isEmpty={isEmpty} {...body} />
      </div>
    </section>
  );
}

/** What a widget shows for each state of its data. */
export function WidgetBody<T>({ remote, onRetry, isEmpty, skeleton = "list", children }: BodyProps<T>) {
  if (remote.status === "loading") return <WidgetSkeleton kind={skeleton} />;
  if (remote.status === "error") return <WidgetError message={remote.message} onRetry={onRetry} />;
  return isEmpty?.(remote.data) ? <WidgetEmpty /> : children(remote.data);
}

function WidgetEmpty() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-1 py-8 text-center" data-testid="widget-empty">
      <Icon path="M3 12h4l3 8 4-16 3 8h4" className="size-8 text-base-300" />
      <p className="font-medium">{t("overview.empty")}</p>
      <p className="max-w-xs text-sm text-base-content/60">{t("overview.empty_hint")}</p>
    </div>
  );
}

export function WidgetError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-2 py-8 text-center" role="alert" data-testid="widget-error">
      <p className="font-medium text-error">{t("overview.load_failed")}</p>
      {message && <p className="max-w-xs text-sm text-base-content/60">{message}</p>}
      <button type="button" className="btn btn-outline btn-sm" onClick={onRetry}>
        {t("overview.retry")}
      </button>
    </div>
  );
}

const BAR_WIDTHS = ["w-full", "w-11/12", "w-4/5", "w-2/3", "w-1/2", "w-2/5"];
const WORD_WIDTHS = ["w-16", "w-24", "w-12", "w-20", "w-28", "w-14", "w-18", "w-22", "w-10", "w-26"];

export function WidgetSkeleton({ kind }: { kind: SkeletonKind }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 flex-col gap-3" data-testid="widget-loading">
      <span className="sr-only">{t("state.loading")}</span>
      {kind === "chart" && <div className="skeleton h-56 w-full" />}
      {kind === "donut" && (
        <div className="flex items-center gap-4">
          <div className="skeleton size-36 shrink-0 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            {[0, 1, 2].map((i) => (
              <div key={i} className="skeleton h-4 w-full" />
            ))}
          </div>
        </div>
      )}
      {kind === "bars" && BAR_WIDTHS.map((width) => <div key={width} className={`skeleton h-5 ${width}`} />)}
      {kind === "cloud" && (
        <div className="flex flex-wrap gap-2">
          {WORD_WIDTHS.map((width) => (
            <div key={width} className={`skeleton h-6 ${width}`} />
          ))}
        </div>
      )}
      {kind === "list" &&
        [0, 1, 2].map((i) => (
          <div key={i} className="flex flex-col gap-2">
            <div className="skeleton h-4 w-1/3" />
            <div className="skeleton h-4 w-full" />
            <div className="skeleton h-4 w-4/5" />
          </div>
        ))}
    </div>
  );
}
