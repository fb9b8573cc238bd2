//! `model_search`, `model_details`, `dataset_search`, `dataset_details`, `hub_repo_details`,
//! `paper_search`.

use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

use crate::common::{TOKEN, anonymous, get, hub_error, setup};

fn bert() -> Value {
    json!({
        "_id": "621ffdc036468d709f174338",
        "id": "google-bert/bert-base-uncased",
        "likes": 2300,
        "trendingScore": 12,
        "private": false,
        "downloads": 51234567,
        "tags": ["transformers", "pytorch", "bert", "fill-mask", "en", "dataset:bookcorpus", "license:apache-2.0"],
        "pipeline_tag": "fill-mask",
        "library_name": "transformers",
        "createdAt": "2022-03-02T23:29:04.000Z",
        "modelId": "google-bert/bert-base-uncased"
    })
}

#[tokio::test]
async fn model_search_contract_with_next_cursor() {
    let s = setup().await;
    get("/api/models")
        .query("search", "bert")
        .query("author", "google-bert")
        .query("filter", "fill-mask")
        .query("filter", "transformers")
        .query("sort", "downloads")
        .query("direction", "-1")
        .query("limit", "2")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header(
                    "link",
                    "<https://huggingface.co/api/models?search=bert&limit=2&cursor=eyIkb3IiOlt7fV19>; rel=\"next\"",
                )
                .set_body_json(json!([bert()])),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "model_search",
            json!({"query": "bert", "author": "google-bert", "task": "fill-mask",
                   "library": "transformers", "sort": "downloads", "limit": 2}),
        )
        .await;
    assert_eq!(
        v,
        json!({"models": [{
            "id": "google-bert/bert-base-uncased", "pipeline_tag": "fill-mask", "library_name": "transformers",
            "downloads": 51234567, "likes": 2300, "trending_score": 12, "created_at": "2022-03-02T23:29:04.000Z",
            "private": false, "url": "https://huggingface.co/google-bert/bert-base-uncased",
            "tags": ["transformers", "pytorch", "bert", "fill-mask", "en", "dataset:bookcorpus", "license:apache-2.0"]
        }], "next_cursor": "eyIkb3IiOlt7fV19"})
    );
}

#[tokio::test]
async fn model_search_next_page_anonymously_and_bad_limit() {
    let s = setup().await;
    expect("GET", "/api/models")
        .query("limit", "20")
        .query("cursor", "eyIkb3IiOlt7fV19")
        .respond(&s.fake, 200, json!([]))
        .await;
    let anon = anonymous(&s).await;
    let v = anon
        .call_ok("model_search", json!({"cursor": "eyIkb3IiOlt7fV19"}))
        .await;
    assert_eq!(v, json!({"models": []}));
    let sent = s.fake.received_requests().await.unwrap();
    assert!(sent[0].headers.get("authorization").is_none());
    let err = s
        .client
        .call_err("model_search", json!({"limit": 500}))
        .await;
    assert!(err.contains("between 1 and 100"), "{err}");
    let err = s
        .client
        .call_err("model_search", json!({"sort": "stars"}))
        .await;
    assert!(err.contains("invalid arguments"), "{err}");
}

#[tokio::test]
async fn dataset_search_contract() {
    let s = setup().await;
    get("/api/datasets")
        .query("search", "squad")
        .query("filter", "language:en")
        .query("filter", "task_categories:question-answering")
        .query("sort", "likes")
        .query("direction", "-1")
        .query("limit", "20")
        .respond(
            &s.fake,
            200,
            json!([{
                "_id": "621ffdd236468d709f181d58", "id": "rajpurkar/squad", "author": "rajpurkar",
                "cardData": null, "disabled": false, "gated": false, "lastModified": "2024-03-04T13:54:37.000Z",
                "likes": 321, "trendingScore": 3, "private": false, "sha": "7b6d24c440a36b6815f21b70d25016731768db1f",
                "description": "\n\t\n\t\t\n\t\tDataset Card for SQuAD\n\t\n\nStanford Question Answering Dataset (SQuAD) is a reading comprehension dataset.",
                "downloads": 91234, "tags": ["task_categories:question-answering", "language:en", "size_categories:10K<n<100K"],
                "createdAt": "2022-03-02T23:29:22.000Z", "key": ""
            }]),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "dataset_search",
            json!({"query": "squad", "tags": ["language:en", "task_categories:question-answering"], "sort": "likes"}),
        )
        .await;
    let d = &v["datasets"][0];
    assert_eq!(d["id"], "rajpurkar/squad");
    assert_eq!(d["url"], "https://huggingface.co/datasets/rajpurkar/squad");
    assert!(
        d["description"]
            .as_str()
            .unwrap()
            .starts_with("Dataset Card for SQuAD")
    );
    assert_eq!(d["gated"], false);
    assert!(d.get("sha").is_none() && v.get("next_cursor").is_none());
}

#[tokio::test]
async fn dataset_search_vendor_error() {
    let s = setup().await;
    get("/api/datasets")
        .query("limit", "20")
        .query("sort", "createdAt")
        .query("direction", "-1")
        .respond(&s.fake, 400, hub_error("Invalid sort parameter"))
        .await;
    let err = s
        .client
        .call_err("dataset_search", json!({"sort": "createdAt"}))
        .await;
    assert!(
        err.contains("400") && err.contains("Invalid sort parameter"),
        "{err}"
    );
}

fn llama() -> Value {
    json!({
        "_id": "66e1f7a2b7e7f2b5d1a0c3e4", "id": "meta-llama/Llama-3.1-8B-Instruct", "author": "meta-llama",
        "private": false, "gated": "manual", "disabled": false, "downloads": 5123456, "likes": 4400,
        "library_name": "transformers", "pipeline_tag": "text-generation", "createdAt": "2024-07-18T08:56:00.000Z",
        "lastModified": "2024-09-25T17:00:57.000Z", "sha": "0e9e39f249a16976918f6564b8830bc894c89659",
        "tags": ["transformers", "safetensors", "llama", "text-generation", "conversational", "en", "license:llama3.1"],
        "cardData": {"language": ["en", "de"], "license": "llama3.1", "base_model": "meta-llama/Llama-3.1-8B", "pipeline_tag": "text-generation"},
        "siblings": [{"rfilename": "config.json"}, {"rfilename": "model-00001-of-00004.safetensors"}, {"rfilename": "README.md"}],
        "spaces": ["huggingface-projects/llama-3.1-8b", "alice/chat"],
        "safetensors": {"parameters": {"BF16": 8030261248u64}, "total": 8030261248u64},
        "inferenceProviderMapping": [{"provider": "novita", "providerId": "meta-llama/llama-3.1-8b-instruct", "status": "live", "task": "conversational"}]
    })
}

#[tokio::test]
async fn model_details_contract() {
    let s = setup().await;
    get("/api/models/meta-llama/Llama-3.1-8B-Instruct")
        .respond(&s.fake, 200, llama())
        .await;
    let v = s
        .client
        .call_ok(
            "model_details",
            json!({"model_id": "meta-llama/Llama-3.1-8B-Instruct"}),
        )
        .await;
    assert_eq!(v["license"], "llama3.1");
    assert_eq!(v["base_model"], "meta-llama/Llama-3.1-8B");
    assert_eq!(v["parameters"], 8030261248u64);
    assert_eq!(v["files"], 3);
    assert_eq!(v["spaces"], 2);
    assert_eq!(v["gated"], "manual");
    assert_eq!(v["inference_providers"], json!(["novita"]));
    assert_eq!(
        v["url"],
        "https://huggingface.co/meta-llama/Llama-3.1-8B-Instruct"
    );
    assert!(v.get("siblings").is_none() && v.get("sha").is_none());
}

#[tokio::test]
async fn model_details_not_found_and_bad_id() {
    let s = setup().await;
    get("/api/models/nobody/nothing")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(404)
                .insert_header("x-error-code", "RepoNotFound")
                .set_body_json(hub_error("Repository not found")),
        )
        .await;
    let err = s
        .client
        .call_err("model_details", json!({"model_id": "nobody/nothing"}))
        .await;
    assert!(
        err.contains("404") && err.contains("(RepoNotFound)"),
        "{err}"
    );
    assert!(err.contains("Repository not found"), "{err}");
    let err = s
        .client
        .call_err("model_details", json!({"model_id": "a/b/../c"}))
        .await;
    assert!(err.contains("owner/name"), "{err}");
}

#[tokio::test]
async fn dataset_details_contract_and_gated_error() {
    let s = setup().await;
    get("/api/datasets/HuggingFaceFW/fineweb")
        .respond(
            &s.fake,
            200,
            json!({
                "_id": "663a1e8f2c3d4e5f6a7b8c9d", "id": "HuggingFaceFW/fineweb", "author": "HuggingFaceFW",
                "sha": "9bb295ddab0e05d785b879661af7260fed5140fc", "lastModified": "2025-01-31T14:10:44.000Z",
                "private": false, "gated": false, "disabled": false, "downloads": 234567, "likes": 2100,
                "tags": ["task_categories:text-generation", "language:en", "license:odc-by", "size_categories:10B<n<100B"],
                "createdAt": "2024-04-18T14:33:13.000Z",
                "cardData": {"license": "odc-by", "task_categories": ["text-generation"], "language": ["en"],
                             "pretty_name": "FineWeb", "size_categories": ["n>1T"],
                             "configs": [{"config_name": "default", "data_files": [{"split": "train", "path": "data/*/*"}]},
                                         {"config_name": "sample-10BT", "data_files": [{"split": "train", "path": "sample/10BT/*"}]}]},
                "description": "FineWeb: 15 trillion tokens of the finest data the web has to offer.",
                "siblings": [{"rfilename": "README.md"}]
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "dataset_details",
            json!({"dataset_id": "HuggingFaceFW/fineweb"}),
        )
        .await;
    assert_eq!(v["pretty_name"], "FineWeb");
    assert_eq!(v["configs"], json!(["default", "sample-10BT"]));
    assert_eq!(v["license"], "odc-by");
    assert_eq!(
        v["url"],
        "https://huggingface.co/datasets/HuggingFaceFW/fineweb"
    );
    get("/api/datasets/acme/secret")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(403)
                .insert_header("x-error-code", "GatedRepo")
                .set_body_json(hub_error("Access to dataset acme/secret is restricted")),
        )
        .await;
    let err = s
        .client
        .call_err("dataset_details", json!({"dataset_id": "acme/secret"}))
        .await;
    assert!(err.contains("403") && err.contains("gated"), "{err}");
}

#[tokio::test]
async fn hub_repo_details_auto_detects_and_reads_the_readme() {
    let s = setup().await;
    get("/api/models/openai/gpt-oss-120b")
        .respond(
            &s.fake,
            200,
            json!({"id": "openai/gpt-oss-120b", "author": "openai", "pipeline_tag": "text-generation",
                   "library_name": "transformers", "downloads": 100, "likes": 4000, "tags": ["transformers"],
                   "cardData": {"license": "apache-2.0"}}),
        )
        .await;
    get("/api/datasets/openai/gpt-oss-120b")
        .respond(&s.fake, 404, hub_error("Repository not found"))
        .await;
    get("/api/spaces/openai/gpt-oss-120b")
        .respond(&s.fake, 404, hub_error("Repository not found"))
        .await;
    get("/openai/gpt-oss-120b/raw/main/README.md")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .set_body_string("---\nlicense: apache-2.0\n---\n# gpt-oss-120b\n"),
        )
        .await;
    get("/api/models/nobody/nothing")
        .respond(&s.fake, 401, hub_error("Invalid username or password."))
        .await;
    get("/api/datasets/nobody/nothing")
        .respond(&s.fake, 404, hub_error("Repository not found"))
        .await;
    get("/api/spaces/nobody/nothing")
        .respond(&s.fake, 404, hub_error("Repository not found"))
        .await;
    let v = s
        .client
        .call_ok(
            "hub_repo_details",
            json!({"repo_ids": ["openai/gpt-oss-120b", "nobody/nothing"], "include_readme": true}),
        )
        .await;
    assert_eq!(v["repos"].as_array().unwrap().len(), 1);
    assert_eq!(v["repos"][0]["type"], "model");
    assert_eq!(v["repos"][0]["license"], "apache-2.0");
    assert_eq!(
        v["repos"][0]["readme"],
        "---\nlicense: apache-2.0\n---\n# gpt-oss-120b\n"
    );
    assert_eq!(v["errors"][0]["id"], "nobody/nothing");
    assert!(
        v["errors"][0]["error"]
            .as_str()
            .unwrap()
            .contains("model, dataset, space")
    );
}

#[tokio::test]
async fn hub_repo_details_space_type_and_failures() {
    let s = setup().await;
    get("/api/spaces/black-forest-labs/FLUX.1-dev")
        .respond(
            &s.fake,
            200,
            json!({"_id": "66ab", "id": "black-forest-labs/FLUX.1-dev", "author": "black-forest-labs", "sdk": "gradio",
                   "likes": 9000, "subdomain": "black-forest-labs-flux-1-dev", "private": false,
                   "runtime": {"stage": "RUNNING", "hardware": {"current": "zero-a10g", "requested": "zero-a10g"}},
                   "cardData": {"title": "FLUX.1 [dev]", "short_description": "Generate images", "license": "other"},
                   "models": ["black-forest-labs/FLUX.1-dev"], "tags": ["gradio", "mcp-server"]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "hub_repo_details",
            json!({"repo_ids": ["black-forest-labs/FLUX.1-dev"], "repo_type": "space"}),
        )
        .await;
    let r = &v["repos"][0];
    assert_eq!(r["type"], "space");
    assert_eq!(r["stage"], "RUNNING");
    assert_eq!(r["hardware"], "zero-a10g");
    assert_eq!(
        r["app_url"],
        "https://black-forest-labs-flux-1-dev.hf.space"
    );
    assert_eq!(r["title"], "FLUX.1 [dev]");
    let err = s
        .client
        .call_err("hub_repo_details", json!({"repo_ids": []}))
        .await;
    assert!(err.contains("1 to 10"), "{err}");
    get("/api/models/a/b")
        .times(3)
        .respond(&s.fake, 503, hub_error("Service Unavailable"))
        .await;
    let err = s
        .client
        .call_err(
            "hub_repo_details",
            json!({"repo_ids": ["a/b"], "repo_type": "model"}),
        )
        .await;
    assert!(err.contains("a/b") && err.contains("503"), "{err}");
}

#[tokio::test]
async fn paper_search_contract() {
    let s = setup().await;
    let paper = json!({
        "paper": {
            "id": "1706.03762",
            "authors": [{"_id": "1", "name": "Ashish Vaswani", "hidden": false}, {"_id": "2", "name": "Noam Shazeer", "hidden": false}],
            "publishedAt": "2017-06-12T17:57:34.000Z",
            "title": "Attention Is All You Need",
            "summary": "The dominant sequence transduction models are based on complex recurrent or convolutional neural networks...",
            "upvotes": 120,
            "ai_summary": "The Transformer relies entirely on attention.",
            "ai_keywords": ["Transformer", "self-attention"]
        },
        "publishedAt": "2017-06-12T17:57:34.000Z",
        "title": "Attention Is All You Need",
        "numComments": 4,
        "isAuthorParticipating": false
    });
    get("/api/papers/search")
        .query("q", "attention transformer")
        .query("limit", "12")
        .respond(&s.fake, 200, json!([paper]))
        .await;
    let v = s
        .client
        .call_ok("paper_search", json!({"query": "attention transformer"}))
        .await;
    assert_eq!(
        v,
        json!({"papers": [{
            "id": "1706.03762", "title": "Attention Is All You Need", "published_at": "2017-06-12T17:57:34.000Z",
            "upvotes": 120, "keywords": ["Transformer", "self-attention"], "url": "https://huggingface.co/papers/1706.03762",
            "authors": ["Ashish Vaswani", "Noam Shazeer"],
            "summary": "The dominant sequence transduction models are based on complex recurrent or convolutional neural networks...",
            "comments": 4
        }]})
    );
    get("/api/papers/search")
        .query("q", "attention")
        .query("limit", "1")
        .respond(&s.fake, 200, json!([paper]))
        .await;
    let v = s
        .client
        .call_ok(
            "paper_search",
            json!({"query": "attention", "results_limit": 1, "concise_only": true}),
        )
        .await;
    assert_eq!(
        v["papers"][0]["summary"],
        "The Transformer relies entirely on attention."
    );
    let _ = TOKEN;
}

#[tokio::test]
async fn paper_search_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err("paper_search", json!({"query": "ab"}))
        .await;
    assert!(err.contains("at least 3"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
    get("/api/papers/search")
        .query("q", "llama")
        .query("limit", "12")
        .times(3)
        .respond_with(
            &s.fake,
            ResponseTemplate::new(429)
                .insert_header("retry-after", "0")
                .set_body_json(hub_error("You have exceeded our rate limit")),
        )
        .await;
    let err = s
        .client
        .call_err("paper_search", json!({"query": "llama"}))
        .await;
    assert!(err.contains("429") && err.contains("rate limit"), "{err}");
}
