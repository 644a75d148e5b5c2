// The Element Timing attribute (https://wicg.github.io/element-timing/), which React passes
// through but its types do not list.
import "react";

declare module "react" {
  interface HTMLAttributes<T> {
    elementtiming?: string;
  }
}
