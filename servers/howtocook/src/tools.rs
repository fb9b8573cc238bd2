//! The five tools of Klavis's howtocook server, over the bundled recipes.

use std::collections::BTreeMap;

use mcp_shared::{Ctx, Effect, ErrorKind, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::recipes::{Recipes, Rng, dish_name, str_of};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "mcp_howtocook_getAllRecipes",
            "List all recipes",
            Effect::Read,
            all,
        )
        .toolset("recipes"),
        tool(
            "mcp_howtocook_getRecipeById",
            "Get recipe",
            Effect::Read,
            by_id,
        )
        .toolset("recipes"),
        tool(
            "mcp_howtocook_getRecipesByCategory",
            "Recipes by category",
            Effect::Read,
            by_category,
        )
        .toolset("recipes"),
        tool(
            "mcp_howtocook_recommendMeals",
            "Weekly meal plan",
            Effect::Read,
            recommend,
        )
        .toolset("recipes"),
        tool(
            "mcp_howtocook_whatToEat",
            "What to eat",
            Effect::Read,
            what_to_eat,
        )
        .toolset("recipes"),
    ]
}

/// A recipe in a list: id, dish name, category, difficulty (1-5 stars).
fn brief(r: &Value) -> Value {
    json!({"id": r.get("id"), "name": dish_name(r), "category": r.get("category"),
           "difficulty": r.get("difficulty")})
}

/// The description without its `# title` line and the trailing difficulty line.
fn summary(r: &Value) -> String {
    str_of(r, "description")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with("预估烹饪难度"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// List every bundled recipe (322): id, name, category and difficulty. Use
/// mcp_howtocook_getRecipeById for ingredients and steps.
#[derive(Deserialize, JsonSchema)]
pub struct All {
    /// Unused (kept for Klavis compatibility)
    no_param: Option<String>,
}

async fn all(ctx: Ctx, a: All) -> Result<Value, ToolError> {
    let _ = a.no_param;
    let r = ctx.state::<Recipes>()?;
    let list: Vec<Value> = r.all()?.iter().map(brief).collect();
    Ok(json!({"count": list.len(), "recipes": list}))
}

/// Get one recipe with its ingredients (amounts as written), steps, servings, times and notes.
/// Matches the id, then the exact name, then a name containing `query`.
#[derive(Deserialize, JsonSchema)]
pub struct ById {
    /// Recipe id or (part of) its name, e.g. `红烧肉`
    query: String,
}

async fn by_id(ctx: Ctx, a: ById) -> Result<Value, ToolError> {
    let q = a.query.trim();
    if q.is_empty() {
        return Err(ToolError::invalid_input(
            "`query` is empty: give a recipe id or name",
        ));
    }
    let r = ctx.state::<Recipes>()?;
    let exact = r
        .all()?
        .iter()
        .find(|x| str_of(x, "id") == q || str_of(x, "name") == q || dish_name(x) == q);
    if let Some(x) = exact {
        return Ok(full(x));
    }
    let found: Vec<&Value> = r
        .all()?
        .iter()
        .filter(|x| str_of(x, "name").contains(q))
        .collect();
    match found.as_slice() {
        [one] => Ok(full(one)),
        [] => Err(ToolError::new(ErrorKind::InvalidInput, format!("No recipe matches `{q}`."))
            .with_hint("list names with mcp_howtocook_getAllRecipes or mcp_howtocook_getRecipesByCategory.")),
        many => Ok(json!({
            "message": format!("{} recipes match `{q}`; ask again with one id", many.len()),
            "matches": many.iter().map(|x| brief(x)).collect::<Vec<_>>(),
        })),
    }
}

fn full(r: &Value) -> Value {
    let ingredients: Vec<Value> = r
        .get("ingredients")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .map(|i| {
                    let text = str_of(i, "text_quantity").trim_start_matches('-').trim();
                    json!(if text.is_empty() {
                        str_of(i, "name")
                    } else {
                        text
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    let steps: Vec<&str> = r
        .get("steps")
        .and_then(Value::as_array)
        .map(|a| a.iter().map(|s| str_of(s, "description")).collect())
        .unwrap_or_default();
    let mut o = json!({
        "id": r.get("id"), "name": dish_name(r), "category": r.get("category"),
        "difficulty": r.get("difficulty"), "servings": r.get("servings"),
        "summary": summary(r), "ingredients": ingredients, "steps": steps,
    });
    if let Value::Object(m) = &mut o {
        for k in [
            "prep_time_minutes",
            "cook_time_minutes",
            "total_time_minutes",
        ] {
            if let Some(v) = r.get(k).filter(|v| !v.is_null()) {
                m.insert(k.into(), v.clone());
            }
        }
        let notes: Vec<&Value> = r
            .get("additional_notes")
            .and_then(Value::as_array)
            .map(|a| {
                // Leave out the boilerplate every recipe ends with (report an issue or a PR).
                a.iter()
                    .filter(|n| !n.as_str().unwrap_or_default().contains("Pull request"))
                    .collect()
            })
            .unwrap_or_default();
        if !notes.is_empty() {
            m.insert("notes".into(), json!(notes));
        }
    }
    o
}

// HowToCook's categories (its dishes/* folders).
#[derive(Deserialize, JsonSchema, Clone, Copy)]
pub enum Category {
    #[serde(rename = "水产")]
    Aquatic,
    #[serde(rename = "早餐")]
    Breakfast,
    #[serde(rename = "调料")]
    Condiment,
    #[serde(rename = "甜品")]
    Dessert,
    #[serde(rename = "饮品")]
    Drink,
    #[serde(rename = "荤菜")]
    Meat,
    #[serde(rename = "半成品加工")]
    SemiFinished,
    #[serde(rename = "汤")]
    Soup,
    #[serde(rename = "主食")]
    Staple,
    #[serde(rename = "素菜")]
    Vegetable,
}

impl Category {
    fn name(self) -> &'static str {
        match self {
            Self::Aquatic => "水产",
            Self::Breakfast => "早餐",
            Self::Condiment => "调料",
            Self::Dessert => "甜品",
            Self::Drink => "饮品",
            Self::Meat => "荤菜",
            Self::SemiFinished => "半成品加工",
            Self::Soup => "汤",
            Self::Staple => "主食",
            Self::Vegetable => "素菜",
        }
    }
}

/// The recipes of one category: id, name, difficulty and a one-line summary.
#[derive(Deserialize, JsonSchema)]
pub struct ByCategory {
    category: Category,
}

async fn by_category(ctx: Ctx, a: ByCategory) -> Result<Value, ToolError> {
    let r = ctx.state::<Recipes>()?;
    let list: Vec<Value> = r
        .in_category(a.category.name())?
        .map(|x| {
            let s: String = summary(x).chars().take(80).collect();
            json!({"id": x.get("id"), "name": dish_name(x), "difficulty": x.get("difficulty"), "summary": s})
        })
        .collect();
    Ok(json!({"category": a.category.name(), "count": list.len(), "recipes": list}))
}

fn people(n: u32) -> Result<usize, ToolError> {
    if (1..=10).contains(&n) {
        Ok(n as usize)
    } else {
        Err(ToolError::invalid_input(format!(
            "`peopleCount` is {n}: give 1 to 10"
        )))
    }
}

/// Does the recipe use none of `avoid` (ingredient names and amounts, substring match)?
fn allowed(r: &Value, avoid: &[String]) -> bool {
    avoid.is_empty()
        || !r
            .get("ingredients")
            .and_then(Value::as_array)
            .is_some_and(|a| {
                a.iter().any(|i| {
                    let (n, t) = (str_of(i, "name"), str_of(i, "text_quantity"));
                    avoid
                        .iter()
                        .any(|x| n.contains(x.as_str()) || t.contains(x.as_str()))
                })
            })
}

fn pool<'a>(r: &'a Recipes, cats: &[&str], avoid: &[String]) -> Result<Vec<&'a Value>, ToolError> {
    Ok(r.all()?
        .iter()
        .filter(|x| cats.contains(&str_of(x, "category")) && allowed(x, avoid))
        .collect())
}

fn names(v: &[&Value]) -> Vec<Value> {
    v.iter()
        .map(|x| json!({"id": x.get("id"), "name": dish_name(x)}))
        .collect()
}

/// A week's meal plan for `peopleCount` people (1-10): each day a breakfast, and lunch and dinner
/// of max(2, ⌈people/3⌉) dishes (meat or fish and vegetables), avoiding recipes whose ingredients
/// name an allergy or avoided item; plus a shopping list (ingredient: number of dishes using it).
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Recommend {
    /// Ingredients to leave out, e.g. `["虾", "花生"]`
    allergies: Option<Vec<String>>,
    /// As `allergies`, for dislikes (e.g. `香菜`)
    avoid_items: Option<Vec<String>>,
    people_count: u32,
    /// Repeats the same plan
    seed: Option<u64>,
}

async fn recommend(ctx: Ctx, a: Recommend) -> Result<Value, ToolError> {
    let n = people(a.people_count)?;
    let mut avoid: Vec<String> = a.allergies.unwrap_or_default();
    avoid.extend(a.avoid_items.unwrap_or_default());
    avoid.retain(|x| !x.trim().is_empty());
    let r = ctx.state::<Recipes>()?;
    let mut rng = r.rng(a.seed);
    let breakfast = pool(r, &["早餐"], &avoid)?;
    let meat = pool(r, &["荤菜", "水产"], &avoid)?;
    let veg = pool(r, &["素菜"], &avoid)?;
    let per_meal = n.div_ceil(3).max(2);
    let mut shopping: BTreeMap<String, u32> = BTreeMap::new();
    let mut days = Vec::new();
    for day in ["周一", "周二", "周三", "周四", "周五", "周六", "周日"] {
        let b = rng.pick(&breakfast, 1);
        let mut meals = Vec::new();
        for _ in 0..2 {
            let m = per_meal.div_ceil(2);
            let mut dishes = rng.pick(&meat, m);
            dishes.extend(rng.pick(&veg, per_meal - m));
            meals.push(dishes);
        }
        for x in b.iter().chain(meals.iter().flatten()) {
            for i in x
                .get("ingredients")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let name = str_of(i, "name").trim();
                if !name.is_empty() {
                    *shopping.entry(name.to_owned()).or_default() += 1;
                }
            }
        }
        days.push(json!({"day": day, "breakfast": names(&b), "lunch": names(&meals[0]), "dinner": names(&meals[1])}));
    }
    if meat.is_empty() && veg.is_empty() {
        return Err(ToolError::invalid_input(
            "No recipe is left after removing the allergies and avoided items.",
        ));
    }
    Ok(json!({"people": n, "avoided": avoid, "days": days, "shopping_list": shopping}))
}

/// Suggest one meal for `peopleCount` people (1-10): ⌈(n+1)/2⌉ meat dishes and ⌊(n+1)/2⌋
/// vegetable dishes, a fish dish instead of one meat dish above 8 people. Returns their names,
/// ids and summaries.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct WhatToEat {
    people_count: u32,
    /// Repeats the same suggestion
    seed: Option<u64>,
}

async fn what_to_eat(ctx: Ctx, a: WhatToEat) -> Result<Value, ToolError> {
    let n = people(a.people_count)?;
    let r = ctx.state::<Recipes>()?;
    let mut rng: Rng = r.rng(a.seed);
    let meat_n = (n + 1).div_ceil(2);
    let veg_n = n.div_ceil(2);
    let fish = if n > 8 {
        rng.pick(&pool(r, &["水产"], &[])?, 1)
    } else {
        Vec::new()
    };
    let mut dishes = rng.pick(&pool(r, &["荤菜"], &[])?, meat_n - fish.len());
    dishes.extend(fish);
    dishes.extend(rng.pick(&pool(r, &["素菜"], &[])?, veg_n));
    let list: Vec<Value> = dishes
        .iter()
        .map(|x| {
            let s: String = summary(x).chars().take(80).collect();
            json!({"id": x.get("id"), "name": dish_name(x), "category": x.get("category"), "summary": s})
        })
        .collect();
    Ok(json!({"people": n, "dishes": list}))
}
