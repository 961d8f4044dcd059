import type { ReactNode } from "react";
import { Icon } from "./Icon.tsx";

/** A link out of the product (the original post, a source), always in a new tab without handing over this page. */
export function ExternalLink({ href, children, className = "" }: { href: string; children: ReactNode; className?: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={`inline-flex items-center gap-1 whitespace-nowrap link link-hover text-primary ${className}`}
    >
      {children}
      <Icon path="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" className="size-3.5 shrink-0" />
    </a>
  );
}
