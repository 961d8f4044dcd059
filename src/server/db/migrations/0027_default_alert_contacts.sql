-- Verified accounts that never saved their notification contacts get their own phone and e-mail, as new accounts do
-- at verification (services/notifications/default-contacts.ts); an account that saved a list, even an empty one, keeps it.
insert into notification_settings (user_id, time_reports, phones, emails, updated_at)
select id, '{}', array[phone], array[email], now()
from users
where verified_at is not null
  and not exists (select 1 from notification_settings n where n.user_id = users.id);
