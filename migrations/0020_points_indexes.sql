CREATE INDEX `favorites_created_idx` ON `favorites` (`created_at`);--> statement-breakpoint
CREATE INDEX `upvotes_created_idx` ON `upvotes` (`created_at`);--> statement-breakpoint
-- Points (decision 047): every character starts from its lifetime part; the hourly cron adds the last 30 days.
UPDATE `characters` SET `points` = 5 * `upvotes` + 8 * `favorites` + `chat_count`;
