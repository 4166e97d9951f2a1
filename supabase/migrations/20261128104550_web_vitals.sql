CREATE TABLE "web_vital_buckets" (
	"hour" timestamp with time zone NOT NULL,
	"page_type" text NOT NULL,
	"metric" text NOT NULL,
	"bucket" smallint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "web_vital_buckets_hour_page_type_metric_bucket_pk" PRIMARY KEY("hour","page_type","metric","bucket")
);
