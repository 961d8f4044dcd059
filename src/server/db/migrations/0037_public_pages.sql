-- Issue 35: public Pages the customer does not manage, followed when Meta granted the app Page Public Content Access
-- (docs/channels/meta.md). They are read with the connection's user token, so they carry no token of their own.
alter table connection_sources drop constraint connection_sources_kind_check;
alter table connection_sources add constraint connection_sources_kind_check
  check (kind in ('facebook_page', 'instagram_account', 'public_page'));
