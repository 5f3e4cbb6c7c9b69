//! Shows how a text was fixed: the plan of steps `fix_and_explain` took,
//! replayed on other text with `apply_plan`, and the code points of a
//! string with `explain_unicode`, for when you need to see what it holds.
//!
//! ```text
//! cargo run --example explain
//! ```

use ftfy::{apply_plan, explain_unicode, fix_and_explain, TextFixerConfig};

fn main() {
    let config = TextFixerConfig::default();
    for text in [
        "schÃ¶n",
        "doesnÃ¢â‚¬â„¢t",
        "caf&eacute; ﬁne",
        "Already fine",
    ] {
        let fixed = fix_and_explain(text, &config);
        let plan = fixed.explanation.unwrap_or_default();
        let steps: Vec<String> = plan.iter().map(ToString::to_string).collect();
        println!("{text:?} -> {:?}", fixed.text);
        println!("    plan: [{}]", steps.join(", "));
    }

    // A plan is data: it replays on text damaged the same way.
    let plan = fix_and_explain("schÃ¶n", &config)
        .explanation
        .unwrap_or_default();
    let replayed = apply_plan("KÃ¶ln", &plan).expect("the plan applies");
    println!("the first plan applied to \"KÃ¶ln\": {replayed:?}");

    println!("\nWhat \"Ã¶\" holds:");
    print!("{}", explain_unicode("Ã¶"));
}
