import { installIssueMessages } from "@igp/shared";

// Loaded by use-api-form.ts before a form's first check (with zod, off the first download).
installIssueMessages();
