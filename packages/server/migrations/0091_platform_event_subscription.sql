-- The construction platform receives PermitDesk's events (issue 14): a company's connection owns one
-- webhook subscription to the platform's receiver (PLATFORM_EVENTS_URL), signed with the connection's
-- secret, made on connect and removed on disconnect. Deleting the connection deletes it.
ALTER TABLE webhook_subscriptions ADD COLUMN platform_connection_id uuid REFERENCES platform_connections (id) ON DELETE CASCADE;
CREATE UNIQUE INDEX webhook_subscriptions_platform_idx ON webhook_subscriptions (platform_connection_id) WHERE platform_connection_id IS NOT NULL;
