export { giveDefaultContacts } from "./default-contacts.ts";
export { listOutbox } from "./list-outbox.ts";
export { showNotificationSettings, updateNotificationSettings } from "./notification-settings.ts";
export { sendMail } from "./send-mail.ts";
export { sendSms } from "./send-sms.ts";
export { sendTestAlert } from "./send-test-alert.ts";
