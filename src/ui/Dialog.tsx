import { useEffect, useRef, type ReactNode } from "react";
import { DIALOG_WIDTH } from "../shared/limits.ts";

type Props = {
  open: boolean;
  title: string;
  children: ReactNode;
  actions: ReactNode;
  onClose?: () => void;
  testId?: string;
  width?: number;
};

/** Modal dialog of the spec's width (568 px) unless told otherwise, on the native <dialog> for focus trapping and Escape. */
export function Dialog({ open, title, children, actions, onClose, testId, width = DIALOG_WIDTH }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="modal" onCancel={(e) => (onClose ? onClose() : e.preventDefault())} data-testid={testId}>
      <div className="modal-box w-[calc(100vw-2rem)]" style={{ maxWidth: width }}>
        <h3 className="text-lg font-semibold">{title}</h3>
        <div className="py-4">{children}</div>
        <div className="modal-action">{actions}</div>
      </div>
    </dialog>
  );
}
