CREATE TABLE `character_chatters` (
	`character_id` text NOT NULL,
	`day` text NOT NULL,
	`user_id` text NOT NULL,
	`returned` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`character_id`, `day`, `user_id`)
);
--> statement-breakpoint
CREATE INDEX `character_chatters_user_idx` ON `character_chatters` (`character_id`,`user_id`,`day`);--> statement-breakpoint
CREATE INDEX `character_chatters_day_idx` ON `character_chatters` (`day`);--> statement-breakpoint
CREATE TABLE `character_daily` (
	`character_id` text NOT NULL,
	`day` text NOT NULL,
	`impressions` integer DEFAULT 0 NOT NULL,
	`opens` integer DEFAULT 0 NOT NULL,
	`chats` integer DEFAULT 0 NOT NULL,
	`messages` integer DEFAULT 0 NOT NULL,
	`chatters` integer DEFAULT 0 NOT NULL,
	`returned` integer DEFAULT 0 NOT NULL,
	`upvotes` integer DEFAULT 0 NOT NULL,
	`favorites` integer DEFAULT 0 NOT NULL,
	`ratings` integer DEFAULT 0 NOT NULL,
	`rating_sum` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`character_id`, `day`)
);
--> statement-breakpoint
-- The Creator Hub's daily figures (issue 64), kept as the rows they count are written.
CREATE TRIGGER `character_daily_chats_added` AFTER INSERT ON `daily_character_chats` BEGIN
  INSERT INTO `character_daily` (`character_id`, `day`, `chats`) VALUES (new.character_id, new.day, new.chats)
    ON CONFLICT (`character_id`, `day`) DO UPDATE SET `chats` = `chats` + excluded.`chats`;
END;
--> statement-breakpoint
CREATE TRIGGER `character_daily_chats_changed` AFTER UPDATE OF `chats` ON `daily_character_chats` BEGIN
  INSERT INTO `character_daily` (`character_id`, `day`, `chats`) VALUES (new.character_id, new.day, new.chats - old.chats)
    ON CONFLICT (`character_id`, `day`) DO UPDATE SET `chats` = `chats` + excluded.`chats`;
END;
--> statement-breakpoint
CREATE TRIGGER `character_daily_chatter_added` AFTER INSERT ON `character_chatters` BEGIN
  INSERT INTO `character_daily` (`character_id`, `day`, `chatters`, `returned`) VALUES (new.character_id, new.day, 1, new.returned)
    ON CONFLICT (`character_id`, `day`) DO UPDATE SET `chatters` = `chatters` + 1, `returned` = `returned` + excluded.`returned`;
END;
--> statement-breakpoint
CREATE TRIGGER `character_daily_upvote_added` AFTER INSERT ON `upvotes` BEGIN
  INSERT INTO `character_daily` (`character_id`, `day`, `upvotes`) VALUES (new.character_id, strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'), 1)
    ON CONFLICT (`character_id`, `day`) DO UPDATE SET `upvotes` = `upvotes` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `character_daily_favorite_added` AFTER INSERT ON `favorites` BEGIN
  INSERT INTO `character_daily` (`character_id`, `day`, `favorites`) VALUES (new.character_id, strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'), 1)
    ON CONFLICT (`character_id`, `day`) DO UPDATE SET `favorites` = `favorites` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `character_daily_rating_added` AFTER INSERT ON `reviews` BEGIN
  INSERT INTO `character_daily` (`character_id`, `day`, `ratings`, `rating_sum`) VALUES (new.character_id, strftime('%Y-%m-%d', new.created_at / 1000, 'unixepoch'), 1, new.rating)
    ON CONFLICT (`character_id`, `day`) DO UPDATE SET `ratings` = `ratings` + 1, `rating_sum` = `rating_sum` + excluded.`rating_sum`;
END;
