//! Products (with their variants) and collections.

use mcp_shared::json::insert_opt;
use mcp_shared::{Ctx, Effect, Int, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{
    self, created, decimal_value, found, gid, gql, list, numeric_id, page_vars, payload, shape,
    term,
};

pub fn tools() -> Vec<ToolDef> {
    let p = |d: ToolDef| d.toolset("products");
    let c = |d: ToolDef| d.toolset("collections");
    vec![
        p(tool(
            "shopify_list_products",
            "List products",
            Effect::Read,
            list_products,
        )),
        p(tool(
            "shopify_get_product",
            "Get product",
            Effect::Read,
            get_product,
        )),
        p(tool(
            "shopify_create_product",
            "Create product",
            Effect::Write,
            create_product,
        )),
        p(tool(
            "shopify_update_product",
            "Update product",
            Effect::IdempotentWrite,
            update_product,
        )),
        c(tool(
            "shopify_list_collections",
            "List collections",
            Effect::Read,
            list_collections,
        )),
        c(tool(
            "shopify_get_collection",
            "Get collection",
            Effect::Read,
            get_collection,
        )),
        c(tool(
            "shopify_create_collection",
            "Create collection",
            Effect::Write,
            create_collection,
        )),
    ]
}

pub const DOCS: &[(&str, &str)] = &[
    ("Products", PRODUCTS),
    ("Product", PRODUCT),
    ("ProductCreate", PRODUCT_CREATE),
    ("ProductVariantsBulkCreate", VARIANTS_CREATE),
    ("ProductUpdate", PRODUCT_UPDATE),
    ("Collections", COLLECTIONS),
    ("Collection", COLLECTION),
    ("CollectionCreate", COLLECTION_CREATE),
];

// ProductStatus, lower-case as the REST API spelt it.
#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Active,
    Draft,
    Archived,
}

impl Status {
    fn gql(self) -> &'static str {
        match self {
            Status::Active => "ACTIVE",
            Status::Draft => "DRAFT",
            Status::Archived => "ARCHIVED",
        }
    }
    fn search(self) -> &'static str {
        match self {
            Status::Active => "active",
            Status::Draft => "draft",
            Status::Archived => "archived",
        }
    }
}

const PRODUCTS: &str = "query Products($first: Int!, $after: String, $query: String) { products(first: $first, after: $after, query: $query, sortKey: ID) { nodes { id legacyResourceId title handle status vendor productType tags totalInventory createdAt updatedAt priceRangeV2 { minVariantPrice { amount currencyCode } maxVariantPrice { amount currencyCode } } } pageInfo { hasNextPage endCursor } } }";

/// List products, oldest id first: id, title, status, vendor, type, tags, price range,
/// stock. Filters combine (AND). Returns `next_cursor` when there are more.
#[derive(Deserialize, JsonSchema)]
pub struct ListProducts {
    /// At most this many (default 50, max 250)
    limit: Option<Int>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
    /// Only products in this collection (numeric id or gid)
    collection_id: Option<String>,
    status: Option<Status>,
    vendor: Option<String>,
    product_type: Option<String>,
    /// Only products with a greater numeric id
    since_id: Option<String>,
    /// ISO 8601 date or date-time; also created_at_max, updated_at_min, updated_at_max
    created_at_min: Option<String>,
    created_at_max: Option<String>,
    updated_at_min: Option<String>,
    updated_at_max: Option<String>,
}

/// `field:>='value'` for a date bound, the value checked to be a date or date-time.
pub fn date_term(field: &str, op: &str, value: &str, arg: &str) -> Result<String, ToolError> {
    let v = value.trim();
    let ok = v.len() >= 10
        && v.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-:.+".contains(c))
        && v.get(..4)
            .is_some_and(|y| y.bytes().all(|b| b.is_ascii_digit()));
    if !ok {
        return Err(ToolError::invalid_input(format!(
            "`{arg}` must be an ISO 8601 date or date-time (2026-01-31 or 2026-01-31T12:00:00Z), not `{value}`."
        )));
    }
    Ok(format!("{field}:{op}'{v}'"))
}

fn numeric(value: &str, kind: &str, arg: &str) -> Result<String, ToolError> {
    let g = gid(kind, value, arg)?;
    numeric_id(&g).ok_or_else(|| {
        ToolError::invalid_input(format!("`{arg}` must be a numeric id, not `{value}`."))
    })
}

async fn list_products(ctx: Ctx, a: ListProducts) -> Result<Value, ToolError> {
    let mut terms = Vec::new();
    if let Some(c) = &a.collection_id {
        terms.push(format!(
            "collection_id:{}",
            numeric(c, "Collection", "collection_id")?
        ));
    }
    if let Some(s) = a.status {
        terms.push(format!("status:{}", s.search()));
    }
    if let Some(v) = &a.vendor {
        terms.push(term("vendor", v));
    }
    if let Some(t) = &a.product_type {
        terms.push(term("product_type", t));
    }
    if let Some(s) = &a.since_id {
        terms.push(format!("id:>{}", numeric(s, "Product", "since_id")?));
    }
    for (v, field, op, arg) in [
        (&a.created_at_min, "created_at", ">=", "created_at_min"),
        (&a.created_at_max, "created_at", "<=", "created_at_max"),
        (&a.updated_at_min, "updated_at", ">=", "updated_at_min"),
        (&a.updated_at_max, "updated_at", "<=", "updated_at_max"),
    ] {
        if let Some(v) = v {
            terms.push(date_term(field, op, v, arg)?);
        }
    }
    let mut vars = page_vars(a.limit.map(Int::get), a.cursor.as_deref(), 50);
    if !terms.is_empty() {
        vars.insert("query".into(), json!(terms.join(" AND ")));
    }
    let data = gql(&ctx, "Products", PRODUCTS, Value::Object(vars)).await?;
    Ok(list(data.get("products"), "products", api::product))
}

const PRODUCT: &str = "query Product($id: ID!) { product(id: $id) { id legacyResourceId title handle status vendor productType tags totalInventory createdAt updatedAt descriptionHtml onlineStoreUrl priceRangeV2 { minVariantPrice { amount currencyCode } maxVariantPrice { amount currencyCode } } options { name values } variants(first: 100) { nodes { id legacyResourceId title sku barcode price compareAtPrice inventoryQuantity selectedOptions { name value } inventoryItem { id } } pageInfo { hasNextPage endCursor } } } }";

/// Get one product with its description (HTML), options and up to 100 variants (price,
/// SKU, stock, inventory item id).
#[derive(Deserialize, JsonSchema)]
pub struct GetProduct {
    /// Numeric id or gid://shopify/Product/…
    product_id: String,
}

async fn get_product(ctx: Ctx, a: GetProduct) -> Result<Value, ToolError> {
    let id = gid("Product", &a.product_id, "product_id")?;
    let data = gql(&ctx, "Product", PRODUCT, json!({ "id": id })).await?;
    Ok(api::product(found(
        &data,
        "product",
        "product",
        &a.product_id,
    )?))
}

const PRODUCT_CREATE: &str = "mutation ProductCreate($product: ProductCreateInput!) { productCreate(product: $product) { product { id legacyResourceId title handle status vendor productType tags totalInventory createdAt updatedAt descriptionHtml options { name values } variants(first: 100) { nodes { id legacyResourceId title sku barcode price compareAtPrice inventoryQuantity selectedOptions { name value } inventoryItem { id } } } } userErrors { field message } } }";

const VARIANTS_CREATE: &str = "mutation ProductVariantsBulkCreate($productId: ID!, $variants: [ProductVariantsBulkInput!]!, $strategy: ProductVariantsBulkCreateStrategy) { productVariantsBulkCreate(productId: $productId, variants: $variants, strategy: $strategy) { productVariants { id legacyResourceId title sku barcode price compareAtPrice inventoryQuantity selectedOptions { name value } inventoryItem { id } } userErrors { field message code } } }";

/// Create a product. `variants` (REST-style objects: option1..option3, price,
/// compare_at_price, sku, barcode, taxable) replace the default variant; without them the
/// product has one. Returns the product with its variants.
#[derive(Deserialize, JsonSchema)]
pub struct CreateProduct {
    title: String,
    /// Description, HTML
    body_html: Option<String>,
    vendor: Option<String>,
    product_type: Option<String>,
    /// Comma-separated tags
    tags: Option<String>,
    /// Default active
    status: Option<Status>,
    variants: Option<Vec<Map<String, Value>>>,
    /// Names of the variants' options in order (default Title, or Option1, Option2, Option3)
    options: Option<Vec<String>>,
}

fn tag_list(tags: Option<&String>) -> Option<Vec<String>> {
    tags.map(|t| {
        t.split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
            .collect()
    })
}

/// The option names and, per variant, its option values (`option1`..`option3`).
type VariantPlan = (Vec<String>, Vec<Vec<String>>);

fn plan_variants(
    variants: &[Map<String, Value>],
    names: Option<&Vec<String>>,
) -> Result<VariantPlan, ToolError> {
    let mut values = Vec::new();
    let mut width = 0;
    for (i, v) in variants.iter().enumerate() {
        let mut row = Vec::new();
        for k in ["option1", "option2", "option3"] {
            match v.get(k) {
                Some(Value::String(s)) if !s.trim().is_empty() => row.push(s.trim().to_owned()),
                Some(Value::Number(n)) => row.push(n.to_string()),
                _ => break,
            }
        }
        if row.is_empty() {
            row.push(
                v.get("title")
                    .and_then(Value::as_str)
                    .map(str::to_owned)
                    .unwrap_or_else(|| format!("Variant {}", i + 1)),
            );
        }
        width = width.max(row.len());
        values.push(row);
    }
    if values.iter().any(|r| r.len() != width) {
        return Err(ToolError::invalid_input(
            "every variant needs the same options (option1, option2, option3).",
        ));
    }
    let names = match names {
        Some(n) if n.len() == width => n.clone(),
        Some(n) => {
            return Err(ToolError::invalid_input(format!(
                "`options` names {} options but the variants have {width}.",
                n.len()
            )));
        }
        None if width == 1 => vec!["Title".to_owned()],
        None => (1..=width).map(|i| format!("Option{i}")).collect(),
    };
    Ok((names, values))
}

fn variant_input(
    v: &Map<String, Value>,
    names: &[String],
    row: &[String],
) -> Result<Value, ToolError> {
    let mut m = Map::new();
    m.insert(
        "optionValues".into(),
        names
            .iter()
            .zip(row)
            .map(|(n, v)| json!({"optionName": n, "name": v}))
            .collect(),
    );
    if let Some(p) = v.get("price") {
        m.insert("price".into(), json!(decimal_value(p, "variants[].price")?));
    }
    if let Some(p) = v.get("compare_at_price").filter(|p| !p.is_null()) {
        m.insert(
            "compareAtPrice".into(),
            json!(decimal_value(p, "variants[].compare_at_price")?),
        );
    }
    insert_opt(&mut m, "barcode", v.get("barcode").and_then(Value::as_str));
    insert_opt(&mut m, "taxable", v.get("taxable").and_then(Value::as_bool));
    if let Some(sku) = v.get("sku").and_then(Value::as_str) {
        m.insert("inventoryItem".into(), json!({ "sku": sku }));
    }
    Ok(Value::Object(m))
}

fn product_fields(
    m: &mut Map<String, Value>,
    body_html: Option<&String>,
    vendor: Option<&String>,
    product_type: Option<&String>,
    tags: Option<&String>,
    status: Option<Status>,
) {
    insert_opt(m, "descriptionHtml", body_html);
    insert_opt(m, "vendor", vendor);
    insert_opt(m, "productType", product_type);
    insert_opt(m, "tags", tag_list(tags));
    insert_opt(m, "status", status.map(Status::gql));
}

async fn create_product(ctx: Ctx, a: CreateProduct) -> Result<Value, ToolError> {
    let variants = a.variants.unwrap_or_default();
    let plan = if variants.is_empty() {
        None
    } else {
        Some(plan_variants(&variants, a.options.as_ref())?)
    };
    let mut inputs = Vec::new();
    if let Some((names, rows)) = &plan {
        for (v, row) in variants.iter().zip(rows) {
            inputs.push(variant_input(v, names, row)?);
        }
    }
    let mut product = Map::new();
    product.insert("title".into(), json!(a.title));
    product_fields(
        &mut product,
        a.body_html.as_ref(),
        a.vendor.as_ref(),
        a.product_type.as_ref(),
        a.tags.as_ref(),
        a.status,
    );
    if let Some((names, rows)) = &plan {
        let options: Vec<Value> = names
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let mut seen: Vec<&String> = Vec::new();
                for r in rows {
                    if let Some(v) = r.get(i)
                        && !seen.contains(&v)
                    {
                        seen.push(v);
                    }
                }
                json!({"name": n, "values": seen.iter().map(|v| json!({"name": v})).collect::<Vec<_>>()})
            })
            .collect();
        product.insert("productOptions".into(), json!(options));
    }
    let data = gql(
        &ctx,
        "ProductCreate",
        PRODUCT_CREATE,
        json!({ "product": product }),
    )
    .await?;
    let p = created(payload(&data, "productCreate")?, "productCreate", "product")?;
    let mut out = api::product(p);
    if inputs.is_empty() {
        return Ok(out);
    }
    let pid = p.get("id").cloned().unwrap_or(Value::Null);
    let vars =
        json!({"productId": pid, "variants": inputs, "strategy": "REMOVE_STANDALONE_VARIANT"});
    let made = gql(&ctx, "ProductVariantsBulkCreate", VARIANTS_CREATE, vars)
        .await
        .and_then(|d| {
            payload(&d, "productVariantsBulkCreate").map(|p| p.get("productVariants").cloned())
        });
    match made {
        Ok(vs) => {
            let vs = vs
                .as_ref()
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default();
            out["variants"] = vs.iter().map(api::variant).collect();
            Ok(out)
        }
        Err(e) => Err(e.context(format!(
            "The product was created (id {}) with its default variant, but its variants were not",
            out["id"].as_str().unwrap_or("?")
        ))),
    }
}

const PRODUCT_UPDATE: &str = "mutation ProductUpdate($product: ProductUpdateInput!) { productUpdate(product: $product) { product { id legacyResourceId title handle status vendor productType tags totalInventory createdAt updatedAt descriptionHtml } userErrors { field message } } }";

/// Update a product's fields (only those given). `tags` replaces the product's tags.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateProduct {
    /// Numeric id or gid
    product_id: String,
    title: Option<String>,
    /// HTML
    body_html: Option<String>,
    vendor: Option<String>,
    product_type: Option<String>,
    /// Comma-separated
    tags: Option<String>,
    status: Option<Status>,
}

async fn update_product(ctx: Ctx, a: UpdateProduct) -> Result<Value, ToolError> {
    let mut product = Map::new();
    product.insert(
        "id".into(),
        json!(gid("Product", &a.product_id, "product_id")?),
    );
    insert_opt(&mut product, "title", a.title.as_ref());
    product_fields(
        &mut product,
        a.body_html.as_ref(),
        a.vendor.as_ref(),
        a.product_type.as_ref(),
        a.tags.as_ref(),
        a.status,
    );
    if product.len() == 1 {
        return Err(ToolError::invalid_input(
            "nothing to update: give at least one of title, body_html, vendor, product_type, tags, status.",
        ));
    }
    let data = gql(
        &ctx,
        "ProductUpdate",
        PRODUCT_UPDATE,
        json!({ "product": product }),
    )
    .await?;
    let p = created(payload(&data, "productUpdate")?, "productUpdate", "product")?;
    Ok(api::product(p))
}

fn collection(v: &Value) -> Value {
    let mut o = shape(
        v,
        &[
            "title",
            "handle",
            "sort_order=sortOrder",
            "updated_at=updatedAt",
            "body_html=descriptionHtml",
            "products_count=productsCount.count",
        ],
    );
    if let Some(p) = v.get("products") {
        let (items, _) = mcp_shared::graphql::relay_page(p);
        o["products"] = items
            .iter()
            .map(|p| shape(p, &["title", "status"]))
            .collect();
    }
    o
}

const COLLECTIONS: &str = "query Collections($first: Int!, $after: String, $query: String) { collections(first: $first, after: $after, query: $query, sortKey: TITLE) { nodes { id legacyResourceId title handle sortOrder updatedAt productsCount { count } } pageInfo { hasNextPage endCursor } } }";

/// List collections (custom and smart), by title: id, title, handle, product count.
#[derive(Deserialize, JsonSchema)]
pub struct ListCollections {
    /// At most this many (default 50, max 250)
    limit: Option<Int>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
    /// Only collections whose title matches
    title: Option<String>,
}

async fn list_collections(ctx: Ctx, a: ListCollections) -> Result<Value, ToolError> {
    let mut vars = page_vars(a.limit.map(Int::get), a.cursor.as_deref(), 50);
    insert_opt(
        &mut vars,
        "query",
        a.title.as_deref().map(|t| term("title", t)),
    );
    let data = gql(&ctx, "Collections", COLLECTIONS, Value::Object(vars)).await?;
    Ok(list(data.get("collections"), "collections", collection))
}

const COLLECTION: &str = "query Collection($id: ID!) { collection(id: $id) { id legacyResourceId title handle sortOrder updatedAt descriptionHtml productsCount { count } products(first: 25) { nodes { id legacyResourceId title status } } } }";

/// Get one collection (custom or smart alike) with its description and first 25 products.
#[derive(Deserialize, JsonSchema)]
pub struct GetCollection {
    /// Numeric id or gid
    collection_id: String,
    /// Ignored: one GraphQL query reads both kinds (kept for compatibility)
    #[serde(rename = "type")]
    kind: Option<CollectionType>,
}

// The REST resource a collection id belonged to.
#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum CollectionType {
    Custom,
    Smart,
}

async fn get_collection(ctx: Ctx, a: GetCollection) -> Result<Value, ToolError> {
    let _ = a.kind;
    let id = gid("Collection", &a.collection_id, "collection_id")?;
    let data = gql(&ctx, "Collection", COLLECTION, json!({ "id": id })).await?;
    Ok(collection(found(
        &data,
        "collection",
        "collection",
        &a.collection_id,
    )?))
}

// CollectionSortOrder, as the REST API spelt it.
#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "kebab-case")]
pub enum SortOrder {
    AlphaAsc,
    AlphaDesc,
    BestSelling,
    Created,
    CreatedDesc,
    Manual,
    PriceAsc,
    PriceDesc,
}

impl SortOrder {
    fn gql(self) -> &'static str {
        match self {
            SortOrder::AlphaAsc => "ALPHA_ASC",
            SortOrder::AlphaDesc => "ALPHA_DESC",
            SortOrder::BestSelling => "BEST_SELLING",
            SortOrder::Created => "CREATED",
            SortOrder::CreatedDesc => "CREATED_DESC",
            SortOrder::Manual => "MANUAL",
            SortOrder::PriceAsc => "PRICE_ASC",
            SortOrder::PriceDesc => "PRICE_DESC",
        }
    }
}

const COLLECTION_CREATE: &str = "mutation CollectionCreate($collection: CollectionCreateInput!) { collectionCreate(collection: $collection) { collection { id legacyResourceId title handle sortOrder updatedAt descriptionHtml } userErrors { field message } } }";

/// Create a custom (manual) collection. Smart collections need rules this tool does not
/// take: create those in the Shopify admin.
#[derive(Deserialize, JsonSchema)]
pub struct CreateCollection {
    title: String,
    /// HTML
    body_html: Option<String>,
    sort_order: Option<SortOrder>,
    /// Only custom is supported
    collection_type: Option<CollectionType>,
}

async fn create_collection(ctx: Ctx, a: CreateCollection) -> Result<Value, ToolError> {
    if a.collection_type == Some(CollectionType::Smart) {
        return Err(ToolError::invalid_input(
            "a smart collection needs product rules, which this tool does not take: create a custom collection, or the smart one in the Shopify admin.",
        ));
    }
    let mut c = Map::new();
    c.insert("title".into(), json!(a.title));
    insert_opt(&mut c, "descriptionHtml", a.body_html.as_ref());
    insert_opt(&mut c, "sortOrder", a.sort_order.map(SortOrder::gql));
    let data = gql(
        &ctx,
        "CollectionCreate",
        COLLECTION_CREATE,
        json!({ "collection": c }),
    )
    .await?;
    let p = payload(&data, "collectionCreate")?;
    Ok(collection(created(p, "collectionCreate", "collection")?))
}
