DROP INDEX `follows_creator_idx`;--> statement-breakpoint
CREATE INDEX `follows_creator_follower_idx` ON `follows` (`creator_id`,`follower_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_new_character_once` ON `notifications` (`user_id`,`character_id`) WHERE "notifications"."kind" = 'new_character';--> statement-breakpoint
-- A publish no longer writes every follower's notice in its own statement: the notify-followers job
-- writes them a page at a time (decision 095).
DROP TRIGGER `notify_new_character`;
