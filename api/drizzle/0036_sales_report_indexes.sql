DROP INDEX "order_lines_report_idx";--> statement-breakpoint
CREATE INDEX "orders_delivery_report_idx" ON "orders" USING btree ("delivery_date","status","range","sold_to_code","net_pence","delivery_charge_pence","id");--> statement-breakpoint
CREATE INDEX "order_lines_report_idx" ON "order_lines" USING btree ("order_id","product_code","net_pence","quantity","delivered_quantity");