// The back office's screens ask through the shared question dialog.
export { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
